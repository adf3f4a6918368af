<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
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
        <translation>O menor e mais rápido; roda na maioria das GPUs.</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>Respostas melhores; precisa de cerca do dobro da memória do E2B.</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 bits: o equilíbrio usual entre tamanho e qualidade.</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 bits: próximo do original, maior.</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>Pesos originais sem quantização, o maior.</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>Texto, imagens e áudio.</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>Somente texto.</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>Não é possível ler o catálogo %1: %2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>O catálogo %1 não é um JSON válido: %2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>um campo está ausente ou é inválido</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>Entrada do catálogo %1 (%2): %3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>O catálogo %1 não lista nenhum modelo.</translation>
    </message>
</context>
<context>
    <name>facet::app::DownloadRow</name>
    <message numerus="yes">
        <source>%n s left</source>
        <translation>
            <numerusform>falta %n s</numerusform>
            <numerusform>faltam %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>falta %n min</numerusform>
            <numerusform>faltam %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>faltam %1 h %2 min</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Aguardando</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>Consultando</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Baixando</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausado</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>Verificando</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Concluído</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falhou</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Retomar</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>&amp;Dispensar</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>Progresso de %1</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>Retomar o download de %1</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>Pausar o download de %1</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>Interrompe o download e mantém o que já foi baixado; retomar continua dali.</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>Dispensar o download de %1</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>Cancelar o download de %1</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>Remove esta entrada da lista.</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>Interrompe o download e apaga o arquivo parcial.</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>Erro de download</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Progresso do download</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>Estado do download</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>Modelo sendo baixado</translation>
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
        <translation>Bem-vindo ao Facet</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>Execute o Gemma 4 na sua própria GPU. Nada sai deste computador.</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>Boas-vindas</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Nenhum modelo carregado</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>Modelos instalados, o catálogo do Gemma 4 e downloads</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Exibir</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modelos</translation>
    </message>
    <message>
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>%1 selecionado; o mecanismo de chat ainda não está conectado nesta versão.</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Nenhum modelo encontrado ainda: baixe um no painel Modelos.</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLibrary</name>
    <message>
        <source>Opened file %1: %2</source>
        <translation>Arquivo aberto %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>Este modelo está no armazenamento do Ollama, que o Facet apenas lê. Remova-o com &quot;ollama rm %1&quot;.</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>Este arquivo pertence ao LM Studio, que o Facet apenas lê. Remova-o no LM Studio.</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>O Facet não baixou este arquivo, então não o apaga. Use &quot;Esquecer&quot; para tirá-lo da lista.</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>Digite um nome do Ollama, como gemma4:e2b, ou o endereço de um arquivo GGUF no Hugging Face.</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>Este não é um endereço web válido.</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>Use um endereço https://: downloads não são feitos por http simples.</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>Somente endereços https:// podem ser baixados.</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>Somente endereços do Hugging Face (huggingface.co) podem ser baixados; para modelos do Ollama digite o nome, por ex. gemma4:e2b.</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>Este endereço do Hugging Face não aponta para um arquivo. Abra o arquivo na página &quot;Files&quot; do repositório e copie o link de download, como %1.</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>O endereço contém caracteres que um nome de repositório ou arquivo do Hugging Face não pode ter.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>&quot;%1&quot; não é um arquivo GGUF. O Facet só executa arquivos .gguf.</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>Para baixar um arquivo do Hugging Face, informe também o repositório: ORG/REPO/FILE.gguf (por exemplo unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>&quot;%1&quot; não é um nome válido do Hugging Face: organização, repositório e arquivo só podem conter letras, dígitos, &apos;-&apos;, &apos;_&apos; e &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>Nomes de modelo não têm espaços. Digite um nome do Ollama como gemma4:e2b ou library/gemma4:e4b.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>&quot;%1&quot; não é um nome de modelo do Ollama. Use NOME:TAG ou ESPAÇO/NOME:TAG, por exemplo gemma4:e2b ou library/gemma4:e4b.</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelsDock</name>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Models on this computer, the Gemma 4 catalogue and downloads</source>
        <translation>Modelos neste computador, o catálogo do Gemma 4 e downloads</translation>
    </message>
    <message>
        <source>&amp;Installed</source>
        <translation>&amp;Instalados</translation>
    </message>
    <message>
        <source>Cata&amp;logue</source>
        <translation>Catá&amp;logo</translation>
    </message>
    <message>
        <source>Model pages</source>
        <translation>Páginas de modelos</translation>
    </message>
    <message>
        <source>Switch between installed models and the catalogue</source>
        <translation>Alternar entre os modelos instalados e o catálogo</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Tamanho do conte&amp;xto:</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Tamanho do contexto</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>Tokens que uma conversa pode conter; as estimativas de memória são para este tamanho</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Contextos mais longos precisam de mais memória de GPU para o cache KV.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Atualizar</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>Atualizar a lista de modelos</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>Procura novamente na pasta do Facet, no armazenamento do Ollama e nas pastas do LM Studio</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>&amp;Abrir GGUF…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Abrir um arquivo GGUF</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>Adiciona à lista um arquivo GGUF do Gemma 4 de qualquer lugar deste computador</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamanho</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>Quantização</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>Torres</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>Memória (GPU / host)</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>Modelos instalados</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>Modelos Gemma 4 encontrados neste computador com tamanho, quantização, torres e a memória necessária; pressione Enter para carregar o selecionado</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Carregar</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>Carregar modelo</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>Carrega o modelo selecionado na GPU para conversar</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Descarregar</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Descarregar modelo</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>Libera a memória de GPU usada pelo modelo carregado</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Excluir…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Excluir modelo</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>Exclui os arquivos do modelo selecionado; somente para modelos baixados pelo Facet</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Mostrar na &amp;pasta</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Mostrar na pasta</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>Abre a pasta que contém o arquivo do modelo</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>&amp;Esquecer</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>Esquecer o arquivo aberto</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>Tira da lista um arquivo aberto com Abrir GGUF; o arquivo continua no disco</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>Estado da biblioteca</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>Problemas da busca</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>Mostra os arquivos ignorados ao procurar modelos, e por quê</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>Arquivos ignorados, e por quê</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>Nenhum modelo Gemma 4 foi encontrado neste computador.</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>Baixe um abaixo: o E2B é pequeno e rápido, o E4B dá respostas melhores. Modelos que você já tem no Ollama ou LM Studio aparecem automaticamente.</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>Nenhum modelo instalado</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origem</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>Tamanho do download (aprox.)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descrição</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Catálogo do Gemma 4</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>Modelos Gemma 4 que podem ser baixados; os tamanhos são aproximados</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>Baixar outro &amp;modelo (nome do Ollama ou GGUF do Hugging Face):</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b, library/gemma4:e4b ou huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>Modelo a baixar</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>Um nome do Ollama como gemma4:e2b, o endereço de um arquivo do Hugging Face ou ORG/REPO/FILE.gguf; pressione Enter para baixar</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>&amp;Baixar</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>Baixar o modelo digitado</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>Começa a baixar o modelo indicado no campo</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>Problema no nome do download</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>Downloads em andamento e concluídos</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>Procurando modelos…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>Estimando a memória…</translation>
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
        <translation>Arquivo aberto</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1 (carregado)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegível</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>Proporção dos pesos por tipo: %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>Com %1 tokens: %2 de memória de GPU (pesos %3, cache KV %4, ativações %5) e %6 de memória do host além do arquivo mapeado.</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>Este modelo suporta no máximo %1 tokens.</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>não pode ser executado</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>Nenhum modelo encontrado.</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 modelo</translation>
    </message>
    <message numerus="yes">
        <source>%n models</source>
        <translation>
            <numerusform>%n modelo</numerusform>
            <numerusform>%n modelos</numerusform>
        </translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 problema</translation>
    </message>
    <message numerus="yes">
        <source>%n problems</source>
        <translation>
            <numerusform>%n problema</numerusform>
            <numerusform>%n problemas</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files were skipped; click for details.</source>
        <translation>Alguns arquivos foram ignorados; clique para ver os detalhes.</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>Este modelo está carregado. Descarregue-o primeiro.</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>Abrir um arquivo GGUF do Gemma 4</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Modelos GGUF (*.gguf);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>Não é possível usar este arquivo</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 não pode ser usado como modelo:
%2

Escolha um arquivo GGUF do Gemma 4 (general.architecture &quot;gemma4&quot;).</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>Não é possível excluir</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>Excluir %1 (%2) da pasta de modelos do Facet? Isso não pode ser desfeito.</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 não está na lista de modelos.</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 não está dentro da pasta de modelos do Facet %2; não foi excluído.</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>Não foi possível excluir %1: %2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>O catálogo não pode ser exibido: %1</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (recomendado)</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Instalado</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Baixar</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 está instalado</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>Baixar %1 de %2</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>Cerca de %1; %2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>Downloads não estão disponíveis nesta versão.</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>nenhum nome de modelo ou URL informado</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>&apos;%1&apos; não é uma URL válida</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>&apos;%1&apos;: um arquivo do Hugging Face é escrito como org/repo/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>&apos;%1&apos; não aponta para um arquivo .gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>&apos;%1&apos;: a URL de um arquivo do Hugging Face é assim: https://huggingface.co/org/repo/resolve/main/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>&apos;%1&apos; não é um nome de modelo (como gemma4:e2b ou library/gemma4:e2b), uma URL GGUF do Hugging Face nem org/repo/file.gguf</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>nenhum nome de modelo informado</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>a pasta de modelos do Facet é desconhecida</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>não é possível encontrar o manifesto de &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>não é possível excluir %1: %2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>não é possível excluir %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>&apos;%1&apos; está no armazenamento do Ollama (%2); o Facet nunca exclui arquivos do Ollama: remova-o com `ollama rm %1`</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>&apos;%1&apos; pertence ao LM Studio (%2); remova-o no LM Studio</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 não está na pasta de modelos do Facet (%2); o Facet só exclui arquivos que ele mesmo baixou</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>nenhum modelo &apos;%1&apos; na pasta de modelos do Facet %2 (veja facet-cli list)</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>desistindo após %1 tentativas: %2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>redirecionamentos demais (mais de %1) para %2</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>modelo &apos;%1&apos; não encontrado no registro %2: verifique o nome e a tag (por exemplo gemma4:e2b)</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>o registro %1 recusou o acesso a &apos;%2&apos; (HTTP %3)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 de %2</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>não é possível acessar o registro %1: %2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>o registro enviou um manifesto inutilizável para &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>maior que 1 MiB</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>não é um objeto JSON</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion não é 2</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 camadas</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>hash de camada inválido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>tamanho inválido para a camada %1</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>ele tem %1 camadas de modelo (esperada exatamente 1)</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>espaço livre insuficiente em %1: o download precisa de mais %2 e há %3 disponíveis. Libere espaço e baixe novamente (o download será retomado)</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>pesos do modelo</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>camada %1 de %2</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>sua arquitetura é &apos;%1&apos;</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>ele não tem general.architecture</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>&apos;%1&apos; foi baixado e verificado, mas não é um modelo Gemma 4 (%2); o Facet só executa o Gemma 4, por isso ele foi removido</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>não é possível gravar o manifesto %1: %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>o servidor redirecionou %1 de HTTPS para HTTP sem criptografia; recusado</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>&apos;%1&apos; não encontrado (HTTP 404): verifique a organização, o repositório e o nome do arquivo</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>o acesso a &apos;%1&apos; foi recusado (HTTP %2): o repositório pode ser restrito ou privado</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>&apos;%1&apos; foi baixado, mas não é um modelo nem um projetor Gemma 4 (%2); o Facet só executa o Gemma 4, por isso ele foi removido</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>a URL do registro &apos;%1&apos; não é válida</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>não é possível criar a pasta %1</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>outro processo do Facet está baixando %1 agora; aguarde até ele terminar</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>não é possível gravar %1: %2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>erro interno: partes de %1 estão faltando</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>o arquivo no servidor mudou de tamanho (esperados %1 bytes, o servidor informa %2); baixe-o novamente</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>o servidor envia %1 bytes para %2, esperados %3</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>não é possível gravar o download em %1: %2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>nenhum dado por %1 s</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>redirecionamentos demais (mais de %1) para %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>o servidor redirecionou %1 de HTTPS para HTTP sem criptografia; recusado</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>não encontrado no servidor (HTTP %1): %2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>acesso negado (HTTP %1) para %2: o arquivo pode exigir login ou não ser público</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>o servidor rejeitou o intervalo de bytes (HTTP 416): o arquivo mudou no servidor; baixe-o novamente para recomeçar</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>o servidor recusou %1 (HTTP %2 %3)</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>redirecionamento sem destino utilizável (HTTP %1) para %2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 de %2</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>a conexão foi encerrada após %1 de %2 bytes</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>o download falhou após %1 tentativas: %2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>o arquivo baixado tem %1 bytes, esperados %2; ele foi apagado, baixe novamente</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>não é possível reler %1: %2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>os dados baixados não correspondem ao hash sha256 (esperado %1, obtido %2); o arquivo danificado foi apagado. Baixe novamente; se isso se repetir, o servidor ou espelho está fornecendo um arquivo corrompido</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>não é possível mover %1 para o local definitivo: %2</translation>
    </message>
</context>
</TS>
