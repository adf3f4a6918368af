<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>facet::app::Catalogue</name>
    <message>
        <source>Gemma 4 %1 · %2</source>
        <translation>Gemma 4 %1 · %2</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Smallest and fastest; runs on most GPUs.</source>
        <translation>最小、最快；可在大多数 GPU 上运行。</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>回答更好；所需内存约为 E2B 的两倍。</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 位：大小与质量的常见平衡。</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 位：接近原始模型，体积更大。</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>未量化的原始权重，体积最大。</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>文本、图像和音频。</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>仅文本。</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>无法读取目录 %1：%2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>目录 %1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>某个字段缺失或无效</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>目录条目 %1（%2）：%3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>目录 %1 中没有模型。</translation>
    </message>
</context>
<context>
    <name>facet::app::DownloadRow</name>
    <message numerus="yes">
        <source>%n s left</source>
        <translation>
            <numerusform>剩余 %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>剩余 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>剩余 %1 小时 %2 分钟</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>正在查询</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>正在校验</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>移除(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>%1 的进度</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>继续下载 %1</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>暂停下载 %1</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>停止下载并保留已获取的部分；继续时从该处接着下载。</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>移除 %1 的下载记录</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>取消下载 %1</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>从列表中移除此条目。</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>停止下载并删除未完成的文件。</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>下载错误</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>下载进度</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>下载状态</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>正在下载的模型</translation>
    </message>
</context>
<context>
    <name>facet::app::MainWindow</name>
    <message>
        <source>Facet</source>
        <translation>Facet</translation>
    </message>
    <message>
        <source>Welcome to Facet</source>
        <translation>欢迎使用 Facet</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>在您自己的 GPU 上运行 Gemma 4。任何数据都不会离开这台计算机。</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>已安装的模型、Gemma 4 目录和下载</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>已选择 %1；此版本尚未连接聊天引擎。</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>尚未找到模型：请在“模型”面板中下载一个。</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLibrary</name>
    <message>
        <source>Opened file %1: %2</source>
        <translation>已打开的文件 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>此模型位于 Ollama 的存储中，Facet 只读取它。请使用“ollama rm %1”删除。</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>此文件属于 LM Studio，Facet 只读取它。请在 LM Studio 中删除。</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>此文件不是 Facet 下载的，因此 Facet 不会删除它。使用“忘记”可将其从列表中移除。</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>请输入 Ollama 名称（如 gemma4:e2b），或 Hugging Face 上 GGUF 文件的地址。</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>这不是有效的网址。</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>请使用 https:// 地址：不通过未加密的 http 下载。</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>只能下载 https:// 地址。</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>只能下载 Hugging Face（huggingface.co）的地址；Ollama 模型请输入名称，例如 gemma4:e2b。</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>此 Hugging Face 地址没有指向文件。请在仓库的“Files”页面打开该文件并复制其下载链接，例如 %1。</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>该地址包含 Hugging Face 仓库名或文件名中不允许的字符。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>“%1”不是 GGUF 文件。Facet 只运行 .gguf 文件。</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>要从 Hugging Face 下载文件，还需给出仓库：ORG/REPO/FILE.gguf（例如 unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>“%1”不是有效的 Hugging Face 名称：组织、仓库和文件名只能包含字母、数字、&apos;-&apos;、&apos;_&apos; 和 &apos;.&apos;。</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>模型名称中不含空格。请输入 Ollama 名称，如 gemma4:e2b 或 library/gemma4:e4b。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>“%1”不是 Ollama 模型名称。请使用 NAME:TAG 或 NAMESPACE/NAME:TAG，例如 gemma4:e2b 或 library/gemma4:e4b。</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelsDock</name>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Models on this computer, the Gemma 4 catalogue and downloads</source>
        <translation>本机上的模型、Gemma 4 目录和下载</translation>
    </message>
    <message>
        <source>&amp;Installed</source>
        <translation>已安装(&amp;I)</translation>
    </message>
    <message>
        <source>Cata&amp;logue</source>
        <translation>目录(&amp;L)</translation>
    </message>
    <message>
        <source>Model pages</source>
        <translation>模型页面</translation>
    </message>
    <message>
        <source>Switch between installed models and the catalogue</source>
        <translation>在已安装的模型和目录之间切换</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>上下文长度(&amp;X)：</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>一段对话可容纳的词元数；内存估算基于此长度</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>上下文越长，KV 缓存所需的 GPU 内存越多。</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>刷新模型列表</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>重新查找 Facet 的文件夹、Ollama 的存储和 LM Studio 的文件夹</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>打开 GGUF(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>打开 GGUF 文件</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>将本机任意位置的 Gemma 4 GGUF 文件添加到列表</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>塔</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>内存（GPU / 主机）</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>已安装的模型</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>本机上找到的 Gemma 4 模型及其大小、量化、塔和所需内存；按 Enter 加载所选模型</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>加载(&amp;L)</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>加载模型</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>将所选模型加载到 GPU 上用于聊天</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>卸载(&amp;U)</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>卸载模型</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>释放已加载模型占用的 GPU 内存</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>删除模型</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>删除所选模型的文件；仅限 Facet 下载的模型</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>打开包含模型文件的文件夹</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>忘记(&amp;F)</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>忘记已打开的文件</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>将通过“打开 GGUF”添加的文件从列表中移除；文件仍保留在磁盘上</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>库状态</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>扫描问题</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>显示查找模型时跳过的文件及原因</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>跳过的文件及原因</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>本机上没有找到 Gemma 4 模型。</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>请在下方下载一个：E2B 小而快，E4B 回答更好。已在 Ollama 或 LM Studio 中的模型会自动显示。</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>未安装模型</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>下载大小（约）</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Gemma 4 目录</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>可下载的 Gemma 4 模型；大小为近似值</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>下载其他模型（Ollama 名称或 Hugging Face GGUF）(&amp;M)：</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b、library/gemma4:e4b 或 huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>要下载的模型</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>Ollama 名称（如 gemma4:e2b）、Hugging Face 文件地址或 ORG/REPO/FILE.gguf；按 Enter 开始下载</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>下载(&amp;W)</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>下载输入的模型</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>开始下载字段中指定的模型</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>下载名称问题</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>进行中和已完成的下载</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>正在查找模型…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>正在估算内存…</translation>
    </message>
    <message>
        <source>Facet</source>
        <translation>Facet</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <source>Opened file</source>
        <translation>已打开的文件</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1（已加载）</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>各类型权重占比：%1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>%1 个词元时：GPU 内存 %2（权重 %3，KV 缓存 %4，激活 %5），另需主机内存 %6（不含映射的文件）。</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>此模型最多支持 %1 个词元。</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>未找到模型。</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 个模型</translation>
    </message>
    <message numerus="yes">
        <source>%n models</source>
        <translation>
            <numerusform>%n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message numerus="yes">
        <source>%n problems</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files were skipped; click for details.</source>
        <translation>部分文件被跳过；点击查看详情。</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>此模型已加载。请先卸载。</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>打开 Gemma 4 GGUF 文件</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>无法使用此文件</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 无法用作模型：
%2

请选择 Gemma 4 GGUF 文件（general.architecture 为“gemma4”）。</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>无法删除</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>要从 Facet 的模型文件夹中删除 %1（%2）吗？此操作无法撤销。</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 不在模型列表中。</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 不在 Facet 的模型文件夹 %2 中；未删除。</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>无法显示目录：%1</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1（推荐）</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 已安装</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>从 %2 下载 %1</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>约 %1；%2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>此版本无法下载。</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>未提供模型名称或 URL</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>“%1”不是有效的 URL</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>“%1”：Hugging Face 文件的写法是 org/repo/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>“%1”指向的不是 .gguf 文件</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>“%1”：Hugging Face 文件 URL 的格式类似 https://huggingface.co/org/repo/resolve/main/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>“%1”既不是模型名称（如 gemma4:e2b 或 library/gemma4:e2b），也不是 Hugging Face GGUF URL 或 org/repo/file.gguf</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>未提供模型名称</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>Facet 的模型文件夹未知</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>找不到“%1”的清单</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>“%1”位于 Ollama 的存储中（%2）；Facet 从不删除 Ollama 的文件：请使用 `ollama rm %1` 删除</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>“%1”属于 LM Studio（%2）；请在 LM Studio 中删除</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 不在 Facet 的模型文件夹（%2）中；Facet 只删除它自己下载的文件</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>Facet 的模型文件夹 %2 中没有模型“%1”（参见 facet-cli list）</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>尝试 %1 次后放弃：%2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>%2 的重定向次数过多（超过 %1 次）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>在注册表 %2 中找不到模型“%1”：请检查名称和标签（例如 gemma4:e2b）</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>注册表 %1 拒绝访问“%2”（HTTP %3）</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>来自 %2 的 HTTP %1</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>无法连接注册表 %1：%2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>注册表为“%1”发送了无法使用的清单：%2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>超过 1 MiB</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion 不是 2</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 个层</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>层摘要“%1”无效</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>层 %1 的大小无效</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>它有 %1 个模型层（应恰好为 1 个）</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>%1 中的可用空间不足：下载还需要 %2，当前可用 %3。请释放一些空间后重新下载（下载将从中断处继续）</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>模型权重</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>第 %1 层，共 %2 层</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>其架构为“%1”</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>它没有 general.architecture</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>“%1”已下载并校验，但它不是 Gemma 4 模型（%2）；Facet 只运行 Gemma 4，因此已将其删除</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>无法写入清单 %1：%2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>服务器将 %1 从 HTTPS 重定向到了未加密的 HTTP；已拒绝</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>找不到“%1”（HTTP 404）：请检查组织、仓库和文件名</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>访问“%1”被拒绝（HTTP %2）：该仓库可能是受限访问或私有的</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>“%1”已下载，但它既不是 Gemma 4 模型也不是投影器（%2）；Facet 只运行 Gemma 4，因此已将其删除</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>注册表 URL“%1”无效</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>另一个 Facet 进程正在下载 %1；请等待其完成</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>内部错误：%1 的部分内容缺失</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>服务器上的文件大小已改变（应为 %1 字节，服务器返回 %2）；请重新下载</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>服务器为 %2 发送了 %1 字节，应为 %3</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>无法将下载内容写入 %1：%2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>%1 秒内未收到数据</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>%2 的重定向次数过多（超过 %1 次）</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>服务器将 %1 从 HTTPS 重定向到了未加密的 HTTP；已拒绝</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>服务器上找不到（HTTP %1）：%2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>访问 %2 被拒绝（HTTP %1）：该文件可能需要登录或未公开</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>服务器拒绝了字节范围（HTTP 416）：服务器上的文件已更改；请重新下载以从头开始</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>服务器拒绝了 %1（HTTP %2 %3）</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>%2 的重定向没有可用的目标（HTTP %1）</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>来自 %2 的 HTTP %1</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>连接在传输 %2 字节中的 %1 字节后关闭</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>尝试 %1 次后下载失败：%2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>下载的文件有 %1 字节，应为 %2；已将其删除，请重新下载</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>无法回读 %1：%2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>下载的数据与其 sha256 摘要不符（应为 %1，实际为 %2）；已删除损坏的文件。请重新下载；如果问题反复出现，说明服务器或镜像提供的文件已损坏</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>无法将 %1 移动到目标位置：%2</translation>
    </message>
</context>
</TS>
