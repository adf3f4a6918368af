<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 不存在。请选择 PEFT 适配器文件夹或 GGUF LoRA 文件。</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 不是 PEFT 适配器：需要 adapter_config.json 和 adapter_model.safetensors。请选择同时包含这两个文件的文件夹（训练生成的适配器文件夹），或选择 GGUF LoRA 文件。</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>无法将 %1 中的 adapter_config.json 读取为 JSON。请重新保存适配器，或选择其他适配器。</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 既不是 PEFT 适配器文件夹，也不是 GGUF LoRA 文件（%2）。请选择训练生成的适配器文件夹或 .gguf 适配器。</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 是 GGUF 模型，不是 LoRA 适配器。请在“模型”面板中加载模型；此处请选择适配器（PEFT 文件夹或 GGUF LoRA 文件）。</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
</context>
<context>
    <name>facet::app::AdapterPicker</name>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>基础模型，不使用适配器</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>PEFT 适配器文件夹或 GGUF LoRA 文件</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>选择适配器</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>适配器 (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT 适配器文件夹 (adapter_config.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>适配器强度 ×%1</translation>
    </message>
    <message>
        <source>&amp;Adapter:</source>
        <translation>适配器(&amp;A)：</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>The LoRA adapter this conversation runs through: none, a recent one, or browse for a PEFT folder or a GGUF LoRA file</source>
        <translation>此对话使用的 LoRA 适配器：无、最近使用的适配器，或浏览选择 PEFT 文件夹或 GGUF LoRA 文件</translation>
    </message>
    <message>
        <source>On</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>让此对话使用该适配器（关闭后仍保留所选适配器）</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>使用适配器</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>适配器强度</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>适配器改变模型的程度，从 0（基础模型）到 2 倍</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>适配器强度值</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>针对正在输入的消息（若无则针对最后一个问题），由基础模型和经过适配器的模型各回答一次，并排显示</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>与基础模型比较</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>拖放到此处以添加附件</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>拖入的图像</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>粘贴的图像</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>“%1”不是 Facet 能读取的图像或音频文件（检测到的类型：%2）。请添加 PNG、JPEG、WebP、GIF 或 BMP 图像，或 WAV、FLAC、MP3 或 OGG 音频。</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>“%1”不是 Facet 能读取的图像或音频文件。请添加 PNG、JPEG、WebP、GIF 或 BMP 图像，或 WAV、FLAC、MP3 或 OGG 音频。</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>“%1”大小为 %2；图像最大为 %3。请缩小图像或另存为 JPEG，然后重新添加。</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>“%1”为 %2 × %3 像素（%4 百万像素）；图像最多 %5 百万像素。请缩小图像，然后重新添加。</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1”时长为 %2；音频附件最长为 %3。请剪短后重新添加。</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>找不到“%1”。它可能已被移动或删除。</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>“%1”是一个文件夹。请改为添加其中的文件。</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>Facet 无法打开“%1”（%2）。请检查您是否有读取权限。</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>“%1”是空文件（0 字节）。</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>“%1”太大，无法读取（%2）；音频附件最长为 %3。请剪短后重新添加。</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>无法读取“%1”（%2）。</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>“%1”是损坏的 WAV 文件：%2。请从创建它的程序重新导出。</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1”不是 Facet 能读取的图像（检测到的类型：%2）。请使用 PNG、JPEG、WebP、GIF 或 BMP。</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1”不是 Facet 能读取的图像。请使用 PNG、JPEG、WebP、GIF 或 BMP。</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>“%1”不完整：文件在图像结束之前就结束了。请重新复制或下载。</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>无法解码“%1”（%2）。文件可能已损坏；请用图像查看器检查。</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>“%1”不是本机上的文件，未添加为附件。请先保存，再添加保存后的文件。</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>“%1”等 %2 个项目不是本机上的文件，未添加为附件。请先保存，再添加保存后的文件。</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>“%1”不是本机上的文件。请先保存，再添加保存后的文件。</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>这里没有可添加为附件的图像、音频或文件。</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>导入因未知原因失败。</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentText</name>
    <message>
        <source>1 byte</source>
        <comment>file size</comment>
        <translation>1 字节</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <comment>file size</comment>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1, audio, %2</source>
        <extracomment>audio attachment: file name, length (m:ss)</extracomment>
        <translation>%1，音频，%2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1，图像，%2 × %3 像素，%4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>移除“%1”</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>从正在编写的消息中移除此附件</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>随下一条消息发送的图像和音频</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>正在添加附件…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>附件问题</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>图像或音频文件未能添加为附件的原因</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>关闭消息</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>隐藏关于附件添加失败的消息</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>剪贴板中没有可添加为附件的图像或文件。请先复制图像或文件。</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>粘贴的图像</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>图像和音频 (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>图像 (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>音频 (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>添加图像或音频附件</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>附件数量</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>下一条消息的图像和音频，以及麦克风录音</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>下一条消息的附件</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>暂无附件。</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>将图像或音频文件拖放到此处、用 Ctrl+V 粘贴，或添加文件。每条消息最多 %1 个；图像最大 %2，音频最长 %3（分:秒）。</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>添加文件(&amp;A)…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>添加文件</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>选择要添加为附件的图像或音频文件</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>从剪贴板粘贴</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>将剪贴板中的图像或文件添加为附件</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>全部移除</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>移除所有附件</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>从消息中移除所有附件</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>麦克风</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>无法解码“%1”：音频解码器 %2 秒内没有响应。请将文件转换为 WAV 后重新添加。</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1”时长为 %2；音频附件最长为 %3。请剪短后重新添加。</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>无法解码“%1”：本机没有适用于 Qt Multimedia 的音频解码器。请安装 GStreamer 的音频插件，或将文件转换为 WAV。</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>无法解码“%1”：解码器输出的采样格式未知。</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>“%1”长于 %2，而音频附件最长只能这么长。请剪短后重新添加。</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>“%1”不包含音频。</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>Facet 无权读取“%1”（%2）。请检查文件的权限。</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>无法在本机上解码“%1”（%2）。请安装 GStreamer 的音频插件，或将文件转换为 WAV。</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>“%1”不是 Facet 能解码的音频（%2）。请使用 WAV、FLAC、MP3 或 OGG。</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>无法读取“%1”（%2）。文件可能已损坏或无法读取。</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>麦克风“%1”没有提供 Facet 可用的采样格式。请选择其他输入设备。</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>无法打开麦克风“%1”。可能有其他程序正在使用它，或者 Facet 没有使用权限：请检查系统的声音和隐私设置。</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>从麦克风“%1”读取失败。它可能已被拔出。</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>麦克风“%1”停止工作。它可能已被拔出。</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>未找到麦克风。请连接一个麦克风，确认它出现在系统的声音设置中，然后重试。</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>麦克风“%1”已不可用。请选择其他输入设备。</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>无法打开麦克风“%1”。</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 已录制的部分（%2）已保留。</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>麦克风“%1”输出的采样格式 Facet 无法识别。请选择其他输入设备。</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>录音已达到 %1 的上限，已停止。</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>麦克风“%1”已断开连接。</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>麦克风“%1”已断开连接。已录制的部分（%2）已保留。</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>还没有可播放的录音。</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>没有可用于播放录音的声音输出设备（扬声器或耳机）。</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>声音输出设备“%1”不支持 Facet 能播放的任何格式。</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>播放录音失败：声音输出已停止。</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>无法打开声音输出设备“%1”。可能有其他程序正在使用它。</translation>
    </message>
</context>
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
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>请为此对话选择一个适配器，以便与基础模型进行比较。</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>该消息已不在此对话中。</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>没有可用于比较回答的问题。</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Facet 关闭时已停止。</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建聊天</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>开始一个新的空白对话 (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>在所有消息中进行全文搜索；列表显示匹配的对话</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>您的对话，最新的在前。按 Enter 打开；右键菜单可重命名、导出或删除对话。</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>对话标题</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>已加载的模型</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>已用上下文</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>此对话占用了模型上下文的多少</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>聊天设置</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>此对话的系统提示词和采样</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>编辑此对话的系统提示词和采样设置</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>此对话中的消息</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>给 Gemma 发消息…（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>输入您的消息。按 Enter 或 Ctrl+Enter 发送；按 Shift+Enter 换行。</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添加附件</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>添加图像或音频文件附件 (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>添加文件附件</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>打开“附件”面板以添加图像或音频</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>录音</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>录制语音消息 (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>录制语音</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>在“附件”面板中通过麦克风录音</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>让模型在回答前逐步推理</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>思考模式</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>开启后，模型会先思考再回答；思考内容显示在可折叠的区块中</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>停止生成</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>停止正在生成的回答 (Esc)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>将您的消息发送给模型 (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>停止 (Esc)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>发送 (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 个词元</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n message(s)</source>
        <translation>
            <numerusform>%1 · %n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>没有对话提到“%1”。</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>导出为 Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>导出为 JSON…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>要删除“%1”及其所有消息吗？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>导出为 JSON</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>导出为 Markdown</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>This answer was cut off.</source>
        <translation>此回答被截断了。</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>无法开始对话：%1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>未加载模型。请在“模型”面板中加载一个模型，然后重新发送；您的消息已保留。</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>无法保存您的消息：%1。消息仍在输入框中。</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>无法保存回答：%1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>正在读取对话…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>正在回答（复用了提示词 %2 个词元中的 %1 个）…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>正在回答（提示词 %1 个词元）…</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>首个词元 %1 秒</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 个已缓存</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>已达到长度上限</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>上下文已满：回答在 %1 个词元处停止。</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>请开始新的聊天，或在设置中增大上下文长度。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>完成：%1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>未加载模型。请先在“模型”面板中加载一个模型。</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>无法保存编辑后的消息：%1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>已作为训练样本保存到 %1。</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>无法保存训练样本：%1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>已导出到 %1。</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>模型在整个对话中都会遵循的指示</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>系统提示词：</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>正在读取附件… %1%</translation>
    </message>
    <message>
        <source>adapter %1</source>
        <translation>适配器 %1</translation>
    </message>
    <message>
        <source>base model</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <source>An answer is being written. Wait for it (or stop it), then choose the adapter again.</source>
        <translation>正在生成回答。请等待其完成（或将其停止），然后重新选择适配器。</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>已使用适配器 %1 新建聊天。</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>无法使用适配器 %1，因此此对话已改回基础模型（原因见上方消息）。请选择为此模型制作的适配器，或修复该文件后重新选择。</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>请先选择适配器：比较时会由基础模型和经过适配器的模型各回答一次。</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>请输入一个问题，以比较基础模型与适配器的回答。</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>正在比较基础模型与适配器…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>比较完成：请保留其中一个回答，或关闭比较。</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>无法保存问题：%1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>已保留适配器的回答。</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>已保留基础模型的回答。</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>正在调用工具 %1。</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>错误：%1 解决方法：%2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>此对话中的消息，最早的在前</translation>
    </message>
</context>
<context>
    <name>facet::app::CodeBlock</name>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>%1 (being written…)</source>
        <translation>%1（正在编写…）</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>将此代码复制到剪贴板</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>原样复制此代码块中的代码（%1）</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>代码：%1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>只读代码；可用键盘或鼠标选择</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>代码块：%1</translation>
    </message>
</context>
<context>
    <name>facet::app::ComparisonView</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>停止两个回答</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>关闭比较；对话保持不变</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基础模型</translation>
    </message>
    <message>
        <source>Adapter %1</source>
        <translation>适配器 %1</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <translation>保留此回答</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>将此回答添加到对话中</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>保留基础模型的回答</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>保留适配器的回答</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>基础模型的回答</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>适配器的回答</translation>
    </message>
    <message>
        <source>Compared prompt</source>
        <translation>用于比较的提示词</translation>
    </message>
</context>
<context>
    <name>facet::app::ConversationStore</name>
    <message>
        <source>The disk is full, so the conversation could not be saved. Free some space and try again.</source>
        <translation>磁盘已满，无法保存对话。请释放一些空间后重试。</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>对话数据库为只读（%1）。请检查该文件及其所在文件夹的权限。</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>对话数据库正被其他程序使用（是否运行了两个 Facet？）。请关闭另一个后重试。</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>读取或写入对话数据库失败（%1）。磁盘可能已满或出现故障：请释放空间或检查磁盘，然后重试。</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>无法打开对话数据库（%1）。请检查其文件夹是否存在且可写。</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>对话数据库已损坏（%1）。</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>未知的数据库错误。</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>温度必须大于或等于 0（收到的值：%1）。</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k 必须为 0（关闭）或更大（收到的值：%1）。</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p 必须介于 0 和 1 之间（收到的值：%1）。</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p 必须介于 0 和 1 之间（收到的值：%1）。</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>重复惩罚必须大于 0（收到的值：%1）。</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>存在惩罚和频率惩罚必须是数字。</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>词元上限必须为 0（直到模型停止）或更大（收到的值：%1）。</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>用户</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>助手</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>系统</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>对话数据库未打开。</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>没有用于存放应用程序数据的文件夹，因此无法保存对话。请检查您的主文件夹是否存在。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 是一个文件夹，不是对话数据库。请将其移走后重试。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>无法为对话数据库创建文件夹 %1。请检查该位置是否存在以及您是否有写入权限。</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>文件夹 %1 不可写，因此无法保存对话。请检查其权限。</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>对话数据库 %1 为只读。请检查其权限。</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>无法读取对话数据库 %1：%2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>它不是 SQLite 数据库</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>对话数据库 %1 已损坏（%2），且无法移到一旁：%3。请自行将其移走，然后重新启动 Facet。</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>您的对话历史已损坏且无法读取，因此 Facet 新建了一个空的历史。旧文件已保留为 %1；sqlite3 的“.recover”等工具或许能从中找回对话。（详情：%2）</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>缺少 Qt 的 SQLite 驱动（QSQLITE），因此无法保存对话。请安装它（Debian：libqt6sql6-sqlite）。</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>SQLite 检查发现：%1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>重命名失败</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>它已消失</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>重命名 %1 失败</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>对话数据库 %1 是由较新版本的 Facet 写入的（架构 %2；此版本最多只能读取 %3）。请更新 Facet，或将该文件移走以从空的历史开始。</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>对话数据库使用了 SQLite 的全文搜索（FTS5），但本系统的 SQLite 库不支持它。请安装支持 FTS5 的 SQLite。</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>设置对话数据库失败：%1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新建聊天</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>不存在 ID 为 %1 的对话。</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>无法删除该对话已保存的模型状态 %1。请检查文件夹的权限。</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>未知的消息角色“%1”（应为 system、user、assistant 或 tool）。</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>附件“%1”既不是图像也不是音频。</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>对话 %2 中不存在可回复的 ID 为 %1 的消息。</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>不存在 ID 为 %1 的消息。</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>无法读取消息 %1 下方的分支。</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>创建时间：%1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>从 Facet 导出</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考过程</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>工具调用：</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>音频：%1（%2，%3 秒）</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>图像：%1（%2，%3）</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>错误：</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>（回答不完整）</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>只有助手的回答才能作为训练样本的结尾。</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>未指定用于保存训练样本的文件。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>无法为训练数据创建文件夹 %1。请选择其他位置。</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 是一个文件夹；请为训练数据选择一个文件。</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>无法打开 %1 来保存训练样本：%2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>无法将训练样本保存到 %1：%2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>适配器强度必须在 0 到 2 之间（收到的值为 %1）。</translation>
    </message>
    <message>
        <source>Adapter: %1 ×%2</source>
        <translation>适配器：%1 ×%2</translation>
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
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Saves a checkpoint and stops; Resume continues from it.</source>
        <translation>保存检查点并停止；“继续”会从该检查点接着训练。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>立即结束本次训练，并按当前状态保存适配器。</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>训练数据(&amp;T)：</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>JSONL 文件：选择一个或拖放到此处</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>训练数据文件</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>选择训练数据文件</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>验证数据(&amp;V)：</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>可选：包含留出样本的 JSONL 文件</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>验证数据文件</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>选择验证数据文件</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>或留出(&amp;H)：</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>留作验证的比例</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>未指定验证文件时，从训练数据中留作验证的比例</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>跳过有问题的行（用正确的样本训练）</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>检查数据</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>模型所看到的前几个样本（高亮部分：模型学习生成的内容）：</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>数据问题和长度直方图</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>渲染后的样本</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>秩(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Alpha:</source>
        <translation>Alpha(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>Dropout(&amp;D)：</translation>
    </message>
    <message>
        <source>Adapted projections:</source>
        <translation>适配的投影：</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>学习率(&amp;L)：</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>学习率调度(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>预热(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>训练轮数(&amp;E)：</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>最大步数(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>批次词元数(&amp;B)：</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>最大梯度范数(&amp;G)：</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>评估间隔（步）(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>检查点间隔（步）(&amp;C)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>最长样本（词元）(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>输出文件夹(&amp;O)：</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>测试提示词(&amp;P)：</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>快速：秩 8，仅注意力层，1 轮</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>均衡：秩 16，注意力层和 FFN，2 轮</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>深入：秩 32，注意力层和 FFN，3 轮，学习率 1e-4</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>恒定</translation>
    </message>
    <message>
        <source>Linear decay</source>
        <translation>线性衰减</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>带重启的余弦</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>仅在结束时</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>不裁剪</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>测试提示词</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>每行一个提示词，每次评估时都会回答；留空则使用前几个验证样本的提示词</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>每个优化器步骤训练的词元数（会累积多个样本的梯度）</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>更长的样本会被截断为此词元数</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>每次评估时的测试回答需要 GPU：模型当前运行的 CPU 参考实现无法运行适配器。</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>每次评估时的测试回答（贪心解码，使用该步骤的适配器）：</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>测试回答</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>训练进度</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>使用此适配器聊天</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>另存为 PEFT 文件夹（Hugging Face）…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>另存为 GGUF LoRA（llama.cpp、Ollama ADAPTER）…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>权重类型与模型相同</translation>
    </message>
    <message>
        <source>Adapted weights as Q8_0</source>
        <translation>适配后的权重存为 Q8_0</translation>
    </message>
    <message>
        <source>Adapted weights as F16</source>
        <translation>适配后的权重存为 F16</translation>
    </message>
    <message>
        <source>Merged weights&apos; type</source>
        <translation>合并后权重的类型</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>导出合并后的 GGUF…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>将适配器合并进权重后的已加载模型：可用于 Ollama 和 llama.cpp 的普通模型</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>导出进度</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>为 &lt;b&gt;%1&lt;/b&gt; 训练适配器。</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>未加载模型：请在“模型”面板中加载要微调的模型。</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>训练数据</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>验证数据</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>请先加载模型：数据需要用它的分词器来计量。</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>请先选择训练数据。</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>正在检查 %1…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>请选择包含样本的 JSONL 文件（或拖放到此处）：{&quot;messages&quot;: […]}、{&quot;prompt&quot;, &quot;completion&quot;} 或 {&quot;text&quot;}，每行一个。</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>已读取 %1，其中 %2 个用于训练，%3 个用于验证。</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 个样本</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 个样本</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>将跳过 %n 行有问题的数据。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>有 %n 行有问题：请修正，或选择跳过。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>%n 个超过 %1 个词元的样本将被截断。</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>长度：%1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>验证：%1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>已截断（超过 %1 个词元）：第 %2 行</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>每个样本的词元数：</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>第 %1 行：%2 个词元，其中 %3 个参与训练%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation>（已截断）</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>请加载模型，以查看训练所需的资源。</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>估计：约需 GPU 内存 %1（权重 %2，含 %3 个参数的适配器 %4，激活 %5）。</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>%n 步约需 %1（%2 个词元，假定速度为 %3 词元/秒；训练开始后会显示实测速度）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>请检查数据以估算所需时间。</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>请至少选择一个要适配的投影。</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>请选择输出文件夹。</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>正在继续…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>正在准备数据和模型…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>将在此步骤后暂停…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>将在此步骤后停止…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>本次训练：秩 %1，alpha %2，作用于 %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>学习率 %1（%2），预热 %3 %</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>每步训练词元数：%1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>正在训练，已从第 %1 步（共 %2 步）继续。</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>训练：共 %n 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>第 %1 轮，共 %2 轮</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 训练词元/秒</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>损失 %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>（验证 %1）</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>已在第 %1 步（共 %2 步）暂停；检查点位于 %3。“继续”会从该检查点接着训练。</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>已在第 %1 步（共 %2 步）停止；已保存该步骤的适配器。</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>训练完成：共 %n 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>适配器：%1（GGUF LoRA）和 %2（PEFT 文件夹）。</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>%1 中没有已完成的适配器。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>将 PEFT 适配器保存到</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>已将 PEFT 适配器保存到 %1。</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>保存 GGUF LoRA</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>已将 GGUF LoRA 保存到 %1。</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>导出合并后的模型</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>已将合并后的模型导出到 %1。</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>从输出文件夹中的检查点继续训练（使用相同的设置和数据）。</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>开始训练新的适配器。</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>尚无适配器：训练完成后，适配器会显示在此处。</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>%n 步约需 %1（%2 个训练词元，速度 %3 词元/秒，即上次在此模型和设备上训练时实测的速度）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>正在生成的回答的播报</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>代码块。</translation>
    </message>
</context>
<context>
    <name>facet::app::MainWindow</name>
    <message>
        <source>Facet</source>
        <translation>Facet</translation>
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
        <source>No model found yet: download one in the Models panel.</source>
        <translation>尚未找到模型：请在“模型”面板中下载一个。</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>对话不可用</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>Facet 无法打开对话数据库：%1
在问题解决之前，聊天内容不会被保存。</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>对话数据库已恢复</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>导出对话</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>关于 Facet</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;通过 Qt RHI 在您自己的 GPU 上运行 Google 的 Gemma 4。任何数据都不会离开这台计算机。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>对话以及与模型的聊天</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>附件</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>下一条消息的图像和音频，以及麦克风录音</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>用您自己的数据训练 LoRA 适配器</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新建聊天(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>导出对话(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>聊天(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>重新生成上一个回答(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>添加文件附件(&amp;A)…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>开始或停止录音(&amp;O)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>转到消息输入框</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>附件(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>微调(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>显示思考过程(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>关于 Facet(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>停止加载模型</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>模型加载进度</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>正在加载 %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>已在 %2 上加载 %1，用时 %3 秒（上下文 %4 个词元）</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>无法加载模型</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>Facet 无法加载 %1。</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>设置已保存。GPU 和上下文的更改将在下次加载模型时生效。</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>已在 %2 上加载 %1，用时 %3 秒（上下文已限制为此模型的上限 %4 个词元）</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>无法启动 API 服务器：%1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API：%n 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API 已开启</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>API 服务器在 %1 监听；加载模型后即可应答。</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>API 服务器在 %2 提供 %1。</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>API 服务器在 %2 提供 %1，并将聊天的适配器提供为 %3。</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>您</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>您的消息</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>%1 文本</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>可用键盘或鼠标选择文本；链接会在浏览器中打开</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <comment>a tool&apos;s result</comment>
        <translation>%1 的结果</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>工具调用：%1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计信息</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>正在编写</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>第 %1 个版本，共 %2 个</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>系统消息</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>用户消息</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>助手消息</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>工具消息</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>工具结果：%1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>复制整条消息（Markdown）</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>将此消息的文本连同 Markdown 格式复制到剪贴板</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>编辑此消息并重新发送</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>打开此消息的编辑器；保存后会作为新版本重新发送</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>重新编写此回答</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>让模型生成一个新回答来替换此回答</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>停止朗读</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>停止朗读此回答</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>朗读</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>未安装语音引擎，因此无法朗读回答。请安装一个（在 Debian 上：speech-dispatcher 和 Qt 的语音插件），然后重新启动 Facet。</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>不可用：未安装语音引擎</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>朗读此回答</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>朗读回答，不包括 Markdown 符号和代码块</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>保存为样本</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>将这组问答保存为训练样本</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>将问题和此回答添加到微调数据集</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>删除此消息</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>从对话中移除此消息</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>上一个版本</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>下一个版本</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>正在思考…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>思考了 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>思考过程</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>隐藏模型的推理过程</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>显示模型的推理过程</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>推理过程：%1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>已展开；按空格键隐藏模型的推理过程</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>已折叠；按空格键显示模型的推理过程</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>模型的推理过程</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>模型在回答之前写下的文字</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>出错了</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>解决方法</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在编写…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>图像：%1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>音频：%1，%2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>编辑消息</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Ctrl+Enter 保存并重新发送，Esc 取消</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>保存 &amp;&amp; 重新发送</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>保存并重新发送</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>用编辑后的文本替换消息，并请求新的回答</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>保持消息不变</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n 个词元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens of context</source>
        <translation>
            <numerusform>%n 个上下文词元</numerusform>
        </translation>
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
    <message>
        <source>vision %1</source>
        <translation>视觉 %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>音频 %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>发送图像或录音时加载：%1。</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>未添加“%1”：%2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>一条消息最多只能带 %1 个附件。请移除一个，或先发送这条消息。</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>未添加“%1”等 %2 个项目：%3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>未添加任何内容：%1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>粘贴的图像</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>未找到麦克风</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>重新录音</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>录音</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>停止录音</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>停止录音并保留这段录音</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>用所选的麦克风录音；新录音会替换当前录音</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>停止播放</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>播放录音</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>通过扬声器或耳机播放录音</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>未找到麦克风。连接麦克风后会显示在这里。</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>录音时长</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>录音 %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>录音已添加到消息的附件中。</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>麦克风</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>录制语音提示词，作为附件添加到消息中</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>输入(&amp;I)：</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>用于录音的输入设备</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>输入电平</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>录音时麦克风的音量</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>丢弃录音</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>扔掉这段录音</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添加为附件</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>将录音添加为附件</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>将录音添加到正在编写的消息中</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>录音状态</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>关于录音的消息</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>模型如何选择回答中的每个下一个词元</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Randomness of the answer: 0 always takes the most likely token, 1 follows the model&apos;s own probabilities, higher values are more surprising</source>
        <translation>回答的随机程度：0 始终选择概率最高的词元，1 按模型自身的概率采样，更高的值会更出人意料</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>回答的随机程度。0 始终选择概率最高的词元（贪心）；1 按模型自身的概率采样；更高的值会生成更多样、但不那么集中的文本。</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0（贪心）</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k：</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Only the k most likely tokens can be chosen; 0 turns this limit off</source>
        <translation>只能从概率最高的 k 个词元中选择；0 关闭此限制</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>只考虑概率最高的 k 个候选词元。值越小，回答越集中。0 关闭此限制。</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p：</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Only the most likely tokens that together reach this probability can be chosen; 1 turns this limit off; must be greater than 0</source>
        <translation>只能从累计概率达到此值的最高概率词元中选择；1 关闭此限制；必须大于 0</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>核采样：只考虑概率累加达到 p 的最高概率词元。1 表示关闭；必须大于 0。</translation>
    </message>
    <message>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p：</translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <source>Tokens less likely than this fraction of the most likely one are dropped; 0 turns this off</source>
        <translation>丢弃概率低于最高概率词元的此比例的词元；0 关闭此项</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>丢弃概率低于最高概率词元概率的此比例的词元。0 表示关闭。</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>重复惩罚(&amp;R)：</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>重复惩罚</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>大于 1 时已出现过的词元更不容易被选中，小于 1 时更容易；1 关闭；必须大于 0</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>将最近出现过的词元的分数除以此值。大于 1 抑制重复，小于 1 鼓励重复，1 表示关闭。必须大于 0。</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>存在惩罚(&amp;E)：</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>存在惩罚</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>将每个已出现过的词元的分数降低此值；0 关闭</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>对每个最近出现过的词元，无论出现多少次，都从其分数中减去一次此值。正值会促使模型使用新的词语和话题。0 表示关闭。</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>频率惩罚(&amp;F)：</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>频率惩罚</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>词元每出现过一次，就将其分数降低此值；0 关闭</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>词元最近每出现一次，就从其分数中减去一次此值，使经常重复的词语变少。0 表示关闭。</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>最大词元数(&amp;X)：</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>每个回答的最大词元数</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>回答达到此词元数后停止；0 表示不限，直到模型停止或上下文已满</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>一个回答最多可包含的词元数。不限：直到模型结束回答或上下文已满。</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>固定种子(&amp;S)：</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>使用固定种子</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>勾选后，相同设置下的相同问题会得到相同的回答；否则每个回答都使用新的随机种子</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>使用固定种子时，随机选择会完全重复，因此回答可以重现。不使用时，每个回答都会抽取新的种子。</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>用于初始化随机选择的整数，范围为 0 到 18446744073709551615</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>例如 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>0 到 18446744073709551615 之间的整数。</translation>
    </message>
    <message>
        <source>T&amp;hink before answering</source>
        <translation>回答前先思考(&amp;H)</translation>
    </message>
    <message>
        <source>Think before answering</source>
        <translation>回答前先思考</translation>
    </message>
    <message>
        <source>The model reasons step by step before it answers; slower, often better for hard questions</source>
        <translation>模型在回答前逐步推理；速度较慢，但对难题往往效果更好</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>Gemma 4 可以在回答前进行推理。回答需要更长时间；思考过程可以显示在聊天中。</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>恢复 Gemma 4 默认值(&amp;G)</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>恢复 Gemma 4 默认值</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>设置温度 1.0、top-k 64、top-p 0.95，并关闭其他所有选项</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>温度 1.0，top-k 64，top-p 0.95，无惩罚，无上限。</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>采样设置中的问题</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>关于采样设置的提示</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大词元数</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p 必须大于 0（1 表示关闭）；为 0 时将无法选择任何词元。</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>重复惩罚必须大于 0（1 表示关闭）。</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>请输入种子，或取消勾选“固定种子”，让每个回答使用新的随机种子。</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>种子必须是 0 到 18446744073709551615 之间的整数。</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>引擎拒绝了这些设置：%1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 不是数字；已设为 %2。</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>无法使用 %1 %2；已改为 %3。</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>温度为 0 时始终选择概率最高的词元：top-k、top-p、min-p 和种子都不起作用。</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>重复惩罚小于 1 会使重复更容易出现。</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>Facet 的偏好设置，每个主题一页</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>设置页面</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>常规、GPU、模型、采样、下载和微调设置；Ctrl+Tab 切换到下一页</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>settings page</comment>
        <translation>模型</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>The language of Facet&apos;s menus and messages; it changes as soon as you apply it</source>
        <translation>Facet 菜单和消息使用的语言；应用后立即切换</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>每种语言都以其自身的名称列出。</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>系统默认（%1）</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Facet&apos;s colours: those of the system, or Facet&apos;s own light or dark colours</source>
        <translation>Facet 的配色：跟随系统，或使用 Facet 自带的浅色或深色配色</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>“跟随系统”会保留桌面提供给 Facet 的颜色。此版本的 Qt 无法自行检测深色桌面；如果 Facet 在深色桌面上仍为浅色，请选择“深色”。</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>在聊天中显示模型的思考过程(&amp;K)</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>显示思考过程</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>当模型在回答前思考时，在回答上方以折叠形式显示其思考过程</translation>
    </message>
    <message>
        <source>&amp;Graphics API:</source>
        <translation>图形 API(&amp;G)：</translation>
    </message>
    <message>
        <source>Graphics API</source>
        <translation>图形 API</translation>
    </message>
    <message>
        <source>The GPU interface Facet computes through; Automatic picks the best one that works</source>
        <translation>Facet 进行计算所用的 GPU 接口；“自动”会选择可用的最佳接口</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>设备(&amp;V)：</translation>
    </message>
    <message>
        <source>GPU device</source>
        <translation>GPU 设备</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>计算机有多个 GPU 时，用哪个 GPU 运行模型</translation>
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
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>一个对话能容纳多少词元；上下文越长，所需的 GPU 内存越多</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>上下文越长，KV 缓存所需的 GPU 内存越多。</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>超过此长度的对话会遗忘开头部分。新的长度将在下次加载模型时生效。</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>所需内存</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>新对话以这些值开始；每个对话都可以更改自己的设置。</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>注册表地址(&amp;R)：</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>注册表地址</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>下载模型所用的 Ollama 注册表；留空则使用 %1</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>留空则使用官方注册表 %1。</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>注册表地址有问题</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>训练数据(&amp;T)：</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>训练数据文件</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>“微调”面板启动时使用的 JSONL 文件，每行一个样本</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>未选择文件</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>浏览训练数据</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>打开文件对话框以选择 JSONL 文件</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>关于训练数据文件的提示</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>对话框按钮</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>保存设置并关闭对话框</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>保存设置并保持对话框打开</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>关闭对话框而不保存更改</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>在所有页面中填入默认值；点击“确定”或“应用”保存</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1（未找到）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>“%1”不是网址。请输入以 https:// 或 http:// 开头并包含服务器名称的地址，例如 %2；或将此字段留空以使用该地址。</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>此文件（尚）不存在。开始训练时，“微调”面板会再次提示。</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>这是一个文件夹；请选择其中的 JSONL 文件。</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>选择训练数据</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>8 位激活(&amp;C)：</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>8 位激活</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>在能快速执行此操作的 GPU 上，是否将大型矩阵乘法的输入舍入为 8 位；回答更快，结果略有不同</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>自动（当 GPU 支持快速 int8 点积时）</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>关闭（所有乘法均使用浮点）</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>自动：在支持快速 8 位整数点积的 GPU 上，每个生成词元中最大的矩阵乘法会将输入舍入为 8 位，从而加快回答速度。这会使结果略有变化：模型选用的词可能与“关闭”时不同。关闭：所有乘法均使用 32 位浮点，与参考实现的计算方式相同。</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>GPU 等待方式(&amp;W)：</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>GPU 等待方式</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Facet 等待 GPU 的方式：自适应可获得最低延迟，休眠可使 CPU 占用最少</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>自适应（低延迟）</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>休眠（CPU 占用最少）</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>自适应：GPU 计算一个步骤时，Facet 会在大约与最近几步耗时相当的时间内持续检查其是否完成，然后休眠；回答会稍快一些，但模型生成期间会占用一个 CPU 核心。休眠：Facet 一直休眠到 GPU 完成；CPU 占用最少，回答稍慢。适用于 Vulkan。</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>此页面的更改将在下次加载模型时生效。</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>每张图像的词元数(&amp;T)：</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>每张图像的词元数</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>一张图像占用的上下文词元数：越多越能看清细节</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>词元越多，模型越能看清细节（文档、小字），但占用的上下文也越多。</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>保持图像和音频编码器处于加载状态(&amp;K)</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>保持图像和音频编码器处于加载状态</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>关闭：每条消息后释放，以节省内存</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>关闭：每条消息后释放，可节省内存，但处理附件会变慢。</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>一张图像最多占用这么多上下文词元；音频每秒占用 25 个词元。</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>向其他程序提供已加载的模型（OpenAI API）(&amp;S)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>向其他程序提供已加载的模型</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>仅限本机的 OpenAI 兼容 API；默认关闭</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>API 端口(&amp;P)：</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>API 端口</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>本机上供程序访问模型的 TCP 端口</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>本机上的程序可通过 %1（聊天与文本补全、模型列表）访问模型；其他计算机无法访问。它们的请求排在您自己的聊天之后，并显示在状态栏中。</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>损失图表</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>训练损失和验证损失随优化器步骤的变化</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>学习率和梯度范数图表</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>它不是以 WAV 头开始的</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>其格式头已损坏（短于所需的 16 字节）</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>它没有格式头</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>它不包含音频数据</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>其头部给出的声道数不可能成立（%1）</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>其头部给出的采样率不可能成立（%1 Hz）</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>它包含 %1 音频，Facet 的 WAV 读取器无法解码</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>它包含编码为 0x%1 的音频，Facet 的 WAV 读取器无法解码</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>其头部信息前后矛盾（%3 个声道，每个采样 %1 位，块大小 %2 字节）</translation>
    </message>
    <message>
        <source>mono</source>
        <translation>单声道</translation>
    </message>
    <message>
        <source>stereo</source>
        <translation>立体声</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 声道</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>%1 位 PCM，%2 Hz，%3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>%1 位浮点，%2 Hz，%3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>A-law，%1 Hz，%2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>μ-law，%1 Hz，%2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>它不包含音频（0 个采样）</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>它的时长为 %1</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>音频文件的头部已损坏（其给出的是 %1 个声道、%2 Hz）。</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>该录音时长为 %1；Facet 最多接受 %2 的音频。请将其切分为较短的片段后再附加。</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>音频解码已取消。</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>该录音长于 %1，而 Facet 最多只接受这么长的音频。请将其切分为较短的片段后再附加。</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>无法解码音频文件：%1。文件可能已损坏。</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>音频文件中没有声音（0 个采样）。</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>音频文件在 %1 之后已损坏；只使用了此前的部分。</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>Facet 无法读取此音频文件：它不是 Facet 支持的格式（WAV、FLAC、Ogg Vorbis、Opus、MP3、AIFF 等），或者文件已损坏（%1）。</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>音频文件 %1 不存在。</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>音频文件 %1 为空（0 字节）。</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>音频文件为空（0 字节）。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>模型的音频编码器包含宽度为 %1 的线性层，GPU 内核无法处理（需要 4 的倍数）。</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>音频的采样率不可能成立（%1 Hz）。</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>无法将音频从 %1 Hz 重采样：%2。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>模型音频编码器的结构不受 GPU 内核支持（注意力块 %1，左侧上下文 %2，右侧上下文 %3，卷积通道 %4 和 %5，宽度 %6）。</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>GPU 无法载入音频编码器的权重（%1）。请关闭其他使用 GPU 的程序，或使用更小的模型。</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>音频片段对于 GPU 音频编码器来说太长（%1 帧）；请将其拆分为较短的片段。</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>GPU 无法准备音频编码器（%1）。请关闭其他使用 GPU 的程序，或录制更短的片段。</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>音频特征的大小不正确（%2 帧、每帧 %3 个梅尔频段，却有 %1 个值）。</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>音频特征掩码有 %1 个条目，而帧数为 %2。</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>GPU 在编码音频时出错：%1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>音频编码已取消。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>模型的音频编码器不完整：缺少张量 %1。文件可能已损坏，或在转换时未包含音频编码器；请重新下载。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>模型音频编码器的张量 %1 形状为 %2，而预期为 %3；文件已损坏，或是为其他模型制作的。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>模型音频编码器以 Facet 无法读取的类型存储张量 %1。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>模型音频编码器中的张量 %1 采用了 Facet 无法读取的布局。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>模型音频编码器的钳位张量 %1 有 %2 个值，而预期为 1 个。</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>此模型没有音频编码器（缺少 gemma4.audio 元数据），因此无法处理音频。请使用带音频的 Gemma 4 E2B 或 E4B 文件，或添加其 mmproj 文件。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>模型音频编码器的元数据前后矛盾（%1 层，宽度 %2，%3 个头）。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>模型音频编码器的张量 a.conv1d.0.weight 形状为 %1，而预期为 [3, 3, 1, channels]。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>模型音频编码器的张量 a.conv1d.1.weight 形状为 %1，而预期为 [3, 3, channels, channels]。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>模型音频编码器的张量 a.blk.0.conv_dw.weight 的卷积核为 %1，而元数据中为 %2。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>模型音频编码器的张量 mm.a.input_projection.weight 输出宽度为 %1，而文本模型的宽度为 %2。</translation>
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
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>此对话中的一张图像没有数据（可能已从磁盘中删除）。请将其移除后重新附加。</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>此对话中的一段录音没有数据（可能已从磁盘中删除）。请将其移除后重新附加。</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>无法读取模型旁边的投影器文件 %1：%2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 没有图像编码器，因此无法读取图像。请使用带有视觉权重的 Gemma 4 文件（Ollama 的 gemma4 模型都带有），或将该模型的 mmproj-*.gguf 投影器文件放在它旁边。</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 没有音频编码器，因此无法读取音频。请使用带有音频权重的 Gemma 4 E2B 或 E4B 文件，或将该模型的 mmproj-*.gguf 投影器文件放在它旁边。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>无法加载图像编码器：%1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>图像编码器投影到的宽度为 %1，但模型的文本宽度为 %2：该投影器文件不属于此模型。</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>该录音没有声音（为空）。</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>无法加载音频编码器：%1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>音频编码器投影到的宽度为 %1，但模型的文本宽度为 %2：该投影器文件不属于此模型。</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>模型词表中没有 %1 词元，因此无法读取图像或音频。请使用包含多模态词元的 Gemma 4 模型文件。</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>请开始新的聊天、删除较早的消息，或在设置中增大上下文长度。</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>请重试。如果仍然失败，请重新加载模型，或在设置中选择其他 GPU 后端。</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>引擎已关闭。</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 不是 Gemma 4 模型（其架构为“%2”）。Facet 运行的是 Gemma 4 E2B 和 E4B；请在“模型”面板中选择其中之一。</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>CPU 参考实现（慢）</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>未知的 GPU 后端“%1”。请选择设置中列出的后端之一。</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>没有可用的 GPU：%1。请更新显卡驱动，或在设置中选择其他 GPU 后端或设备。</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>未加载模型。</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>请在“模型”面板中加载模型。</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>采样设置无效：%1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>请在对话设置中修正。</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>对话为空。</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>请输入消息。</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>正在已加载的模型上训练 LoRA 适配器。请在“微调”面板中暂停或停止训练，然后再加载其他模型。</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>正在此模型上训练 LoRA 适配器。</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>训练正在进行：如需聊天，请在“微调”面板中暂停或停止训练。</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>请从此对话中移除附件，或加载能读取它们的模型。</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>请为此对话选择其他适配器，或将其关闭。</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>请移除或替换该附件，然后重新发送。</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>已有训练正在进行。</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>请先暂停或停止它，再开始新的训练。</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>请先加载模型：数据需要用它的分词器来计量。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… 另有 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>请在“模型”面板中加载要训练的模型。</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>训练数据中有 %n 个有问题的样本：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>请修正这些行，或选择跳过有问题的行，用 %n 个正确的样本进行训练。</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>没有可用于训练的内容：%1 中没有可用的样本。</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>请选择至少包含一个样本的 JSONL 文件。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>请选择其他输出文件夹。</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>无法在此模型上运行训练：%1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>请重新加载模型，或在设置中选择其他设备。</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>请选择其他输出文件夹，或选择与该文件夹中那次训练相同的设置和数据。</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>请降低学习率或检查数据，然后重新开始（最后一个检查点已保留）。</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>无法保存适配器：%1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>请检查输出文件夹的可用空间和权限。</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>请先加载训练该适配器时所用的基础模型。</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>未知的合并类型“%1”。</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>无法读取适配器 %1：%2</translation>
    </message>
</context>
</TS>
