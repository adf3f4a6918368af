<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 não existe. Escolha uma pasta de adaptador PEFT ou um arquivo LoRA GGUF.</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 não é um adaptador PEFT: ele precisa de adapter_config.json e adapter_model.safetensors. Escolha a pasta que contém os dois (a pasta do adaptador de um treinamento) ou um arquivo LoRA GGUF.</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>O adapter_config.json em %1 não pode ser lido como JSON. Salve o adaptador novamente ou escolha outro.</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 não é uma pasta de adaptador PEFT nem um arquivo LoRA GGUF (%2). Escolha a pasta do adaptador ou o adaptador .gguf gravado por um treinamento.</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 é um modelo GGUF, não um adaptador LoRA. Carregue modelos no painel Modelos; aqui, escolha um adaptador (uma pasta PEFT ou um arquivo LoRA GGUF).</translation>
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
        <translation>Nenhum</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>O modelo base, sem adaptador</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Procurar…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>Uma pasta de adaptador PEFT ou um arquivo LoRA GGUF</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>Escolher um adaptador</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>Adaptadores (*.gguf adapter_config.json adapter_model.safetensors);;LoRA GGUF (*.gguf);;Pasta de adaptador PEFT (adapter_config.json);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>Intensidade do adaptador ×%1</translation>
    </message>
    <message>
        <source>&amp;Adapter:</source>
        <translation>&amp;Adaptador:</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adaptador</translation>
    </message>
    <message>
        <source>The LoRA adapter this conversation runs through: none, a recent one, or browse for a PEFT folder or a GGUF LoRA file</source>
        <translation>O adaptador LoRA pelo qual esta conversa passa: nenhum, um recente, ou procure uma pasta PEFT ou um arquivo LoRA GGUF</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Ativado</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>Passar esta conversa pelo adaptador (desativado, a escolha é mantida)</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>Usar o adaptador</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>Intensidade do adaptador</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>O quanto o adaptador altera o modelo, de 0 (o modelo base) a 2 vezes</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>Valor da intensidade do adaptador</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>Responder à mensagem que você está digitando, ou senão à última pergunta, uma vez pelo modelo base e uma vez pelo adaptador, lado a lado</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>Comparar com o modelo base</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>Solte para anexar</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>Imagem solta</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagem colada</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>“%1” não é um arquivo de imagem ou áudio que o Facet consiga ler (tipo detectado: %2). Anexe imagens PNG, JPEG, WebP, GIF ou BMP, ou áudio WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>“%1” não é um arquivo de imagem ou áudio que o Facet consiga ler. Anexe imagens PNG, JPEG, WebP, GIF ou BMP, ou áudio WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>“%1” tem %2; as imagens podem ter no máximo %3. Reduza-a ou salve-a como JPEG e adicione-a novamente.</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>“%1” tem %2 × %3 pixels (%4 megapixels); as imagens podem ter no máximo %5 megapixels. Reduza-a e adicione-a novamente.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1” dura %2; os anexos de áudio podem durar no máximo %3. Encurte-o e adicione-o novamente.</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>“%1” não foi encontrado. Ele pode ter sido movido ou excluído.</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>“%1” é uma pasta. Adicione os arquivos que estão dentro dela.</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>O Facet não consegue abrir “%1” (%2). Verifique se você tem permissão para lê-lo.</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>“%1” está vazio (0 bytes).</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>“%1” é grande demais para ser lido (%2); os anexos de áudio podem durar no máximo %3. Encurte-o e adicione-o novamente.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>Não foi possível ler “%1” (%2).</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>“%1” é um arquivo WAV danificado: %2. Exporte-o novamente no programa que o criou.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1” não é uma imagem que o Facet consiga ler (tipo detectado: %2). Use PNG, JPEG, WebP, GIF ou BMP.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1” não é uma imagem que o Facet consiga ler. Use PNG, JPEG, WebP, GIF ou BMP.</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>“%1” está truncado: o arquivo termina antes da imagem. Copie-o ou baixe-o novamente.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>Não foi possível decodificar “%1” (%2). O arquivo pode estar danificado; verifique-o em um visualizador de imagens.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>“%1” não é um arquivo deste computador e não foi anexado. Salve-o primeiro e depois anexe o arquivo salvo.</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>“%1” e mais %2 não são arquivos deste computador e não foram anexados. Salve-os primeiro e depois anexe os arquivos salvos.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>“%1” não é um arquivo deste computador. Salve-o primeiro e depois anexe o arquivo salvo.</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>Não há aqui nenhuma imagem, áudio ou arquivo para anexar.</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>A importação falhou por um motivo desconhecido.</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentText</name>
    <message>
        <source>1 byte</source>
        <comment>file size</comment>
        <translation>1 byte</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <comment>file size</comment>
        <translation>%1 bytes</translation>
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
        <translation>%1, áudio, %2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1, imagem, %2 × %3 pixels, %4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>Remover “%1”</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>Remove este anexo da mensagem que está sendo escrita</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anexos</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>As imagens e o áudio que acompanham a próxima mensagem</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>Adicionando anexos…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problema com anexos</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>Por que uma imagem ou um arquivo de áudio não foi anexado</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Dispensar</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Dispensar mensagem</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>Oculta a mensagem sobre os anexos que falharam</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>A área de transferência não contém nenhuma imagem ou arquivo para anexar. Copie uma imagem ou um arquivo primeiro.</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagem colada</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>Imagens e áudio (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Imagens (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>Áudio (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>Anexar imagens ou áudio</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>Número de anexos</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anexos</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Imagens e áudio para a próxima mensagem, e o gravador do microfone</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>Anexos da próxima mensagem</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>Nenhum anexo ainda.</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>Solte imagens ou arquivos de áudio aqui, cole-os com Ctrl+V ou adicione arquivos. Até %1 por mensagem; imagens de até %2, áudio de até %3 (m:ss).</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>&amp;Adicionar arquivos…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>Adicionar arquivos</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>Escolher imagens ou arquivos de áudio para anexar</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Colar</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>Colar da área de transferência</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>Anexa a imagem ou os arquivos da área de transferência</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>Remover tudo</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>Remover todos os anexos</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>Remove todos os anexos da mensagem</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microfone</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>Não foi possível decodificar “%1”: o decodificador de áudio não respondeu por %2 s. Converta o arquivo para WAV e adicione-o novamente.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1” dura %2; os anexos de áudio podem durar no máximo %3. Encurte-o e adicione-o novamente.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>Não é possível decodificar “%1”: este computador não tem decodificador de áudio para o Qt Multimedia. Instale os plugins de áudio do GStreamer ou converta o arquivo para WAV.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>Não foi possível decodificar “%1”: o decodificador entregou amostras em um formato desconhecido.</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>“%1” dura mais de %2, a duração máxima dos anexos de áudio. Encurte-o e adicione-o novamente.</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>“%1” não contém áudio.</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>O Facet não tem permissão para ler “%1” (%2). Verifique as permissões do arquivo.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>Não é possível decodificar “%1” neste computador (%2). Instale os plugins de áudio do GStreamer ou converta o arquivo para WAV.</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>“%1” não é um áudio que o Facet consiga decodificar (%2). Use WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>Não foi possível ler “%1” (%2). O arquivo pode estar danificado ou ilegível.</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>O microfone “%1” não informa nenhum formato de amostra que o Facet possa usar. Escolha outra entrada.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>Não foi possível abrir o microfone “%1”. Outro programa pode estar usando-o, ou o Facet pode não ter permissão: verifique as configurações de som e de privacidade do sistema.</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>A leitura do microfone “%1” falhou. Ele pode ter sido desconectado.</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>O microfone “%1” parou de funcionar. Ele pode ter sido desconectado.</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>Nenhum microfone foi encontrado. Conecte um, verifique se ele aparece nas configurações de som do sistema e tente novamente.</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>O microfone “%1” não está mais disponível. Escolha outra entrada.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>Não foi possível abrir o microfone “%1”.</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 A gravação feita até agora (%2) foi mantida.</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>O microfone “%1” entrega amostras em um formato que o Facet não conhece. Escolha outra entrada.</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>A gravação parou no limite de %1.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>O microfone “%1” foi desconectado.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>O microfone “%1” foi desconectado. A gravação feita até agora (%2) foi mantida.</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>Ainda não há nenhuma gravação para reproduzir.</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>Não há saída de som (alto-falantes ou fones de ouvido) para reproduzir a gravação.</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>A saída de som “%1” não aceita nenhum formato que o Facet consiga reproduzir.</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>A reprodução da gravação falhou: a saída de som parou.</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>Não foi possível abrir a saída de som “%1”. Outro programa pode estar usando-a.</translation>
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
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>Escolha um adaptador para esta conversa para compará-lo com o modelo base.</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>Essa mensagem não faz mais parte da conversa.</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>Não há nenhuma pergunta para comparar as respostas.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copiado para a área de transferência.</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Interrompido quando o Facet foi fechado.</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nova conversa</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>Inicia uma conversa nova e vazia (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Pesquisar conversas</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>Pesquisa de texto completo em todas as mensagens; a lista mostra as conversas correspondentes</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversas</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>Suas conversas, as mais recentes primeiro. Enter abre uma; o menu de contexto permite renomeá-la, exportá-la ou excluí-la.</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Título da conversa</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>Modelo carregado</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>Contexto usado</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>Quanto do contexto do modelo esta conversa ocupa</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>Configurações do chat</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>Prompt do sistema e amostragem desta conversa</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>Editar o prompt do sistema e as configurações de amostragem desta conversa</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Transcrição</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>As mensagens desta conversa</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Mensagem para o Gemma… (Enter envia, Shift+Enter inicia uma nova linha)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensagem</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>Digite sua mensagem. Enter ou Ctrl+Enter a envia; Shift+Enter inicia uma nova linha.</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anexar</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>Anexar imagens ou arquivos de áudio (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Anexar arquivos</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>Abre o painel Anexos para adicionar imagens ou áudio</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Gravar</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>Gravar uma mensagem de voz (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>Gravar voz</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>Grava do microfone no painel Anexos</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>Pensar</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>Deixar o modelo raciocinar passo a passo antes de responder</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>Modo de pensamento</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>Quando ativado, o modelo pensa antes de responder; os pensamentos aparecem em um bloco recolhível</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Parar a geração</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Enviar mensagem</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>Para a resposta que está sendo escrita (Esc)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>Envia sua mensagem ao modelo (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>Parar (Esc)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Enviar (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Nenhum modelo carregado</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 tokens</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n message(s)</source>
        <translation>
            <numerusform>%1 · %n mensagem</numerusform>
            <numerusform>%1 · %n mensagens</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>Nenhuma conversa menciona “%1”.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renomear…</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exportar como Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Exportar como JSON…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renomear conversa</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Título:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Excluir conversa</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>Excluir “%1” e todas as suas mensagens? Isso não pode ser desfeito.</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Exportar como JSON</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Exportar como Markdown</translation>
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
        <translation>Esta resposta foi interrompida.</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>Não foi possível iniciar uma conversa: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>Nenhum modelo está carregado. Carregue um no painel Modelos e envie novamente; sua mensagem foi mantida.</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>Não foi possível salvar sua mensagem: %1. Ela ainda está na caixa de mensagem.</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>Não foi possível salvar a resposta: %1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>Lendo a conversa…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Parando…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>Respondendo (%1 de %2 tokens do prompt reaproveitados)…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>Respondendo (%1 tokens do prompt)…</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 tokens/s</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>primeiro token em %1 s</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 em cache</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>interrompido</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>limite de tamanho atingido</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>O contexto está cheio: a resposta parou em %1 tokens.</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>Inicie uma nova conversa ou aumente o tamanho do contexto nas Configurações.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Interrompido.</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Concluído: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>Nenhum modelo está carregado. Carregue um no painel Modelos primeiro.</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>Não foi possível salvar a mensagem editada: %1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>Salvo como exemplo de treinamento em %1.</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>Não foi possível salvar o exemplo de treinamento: %1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Não foi possível exportar para %1: %2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Exportado para %1.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt do sistema</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>Instruções que o modelo segue durante toda esta conversa</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>Prompt do sistema:</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>Lendo os anexos… %1%</translation>
    </message>
    <message>
        <source>adapter %1</source>
        <translation>adaptador %1</translation>
    </message>
    <message>
        <source>base model</source>
        <translation>modelo base</translation>
    </message>
    <message>
        <source>An answer is being written. Wait for it (or stop it), then choose the adapter again.</source>
        <translation>Uma resposta está sendo escrita. Espere por ela (ou pare-a) e escolha o adaptador novamente.</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>Nova conversa com o adaptador %1.</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>Não foi possível usar o adaptador %1, por isso esta conversa voltou ao modelo base (a mensagem acima explica o motivo). Escolha um adaptador feito para este modelo ou corrija o arquivo e escolha-o novamente.</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>Escolha um adaptador primeiro: a comparação responde uma vez pelo modelo base e uma vez pelo adaptador.</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>Digite uma pergunta para comparar a resposta do modelo base com a do adaptador.</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>Comparando o modelo base com o adaptador…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>Comparação concluída: mantenha uma das respostas ou feche a comparação.</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>Não foi possível salvar a pergunta: %1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>A resposta do adaptador foi mantida.</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>A resposta do modelo base foi mantida.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>Chamando a ferramenta %1.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erro: %1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>Erro: %1 O que fazer: %2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversa</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>As mensagens desta conversa, as mais antigas primeiro</translation>
    </message>
</context>
<context>
    <name>facet::app::CodeBlock</name>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>%1 (being written…)</source>
        <translation>%1 (sendo escrito…)</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>Copiar este código para a área de transferência</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Copiar código</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>Copia exatamente o código deste bloco (%1)</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>Código: %1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>Código somente leitura; selecione com o teclado ou o mouse</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>Bloco de código: %1</translation>
    </message>
</context>
<context>
    <name>facet::app::ComparisonView</name>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fechar</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>Parar as duas respostas</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>Fechar a comparação; a conversa fica como estava</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Modelo base</translation>
    </message>
    <message>
        <source>Adapter %1</source>
        <translation>Adaptador %1</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <translation>Manter esta resposta</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>Adicionar esta resposta à conversa</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>Manter a resposta do modelo base</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>Manter a resposta do adaptador</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>Resposta do modelo base</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>Resposta do adaptador</translation>
    </message>
    <message>
        <source>Compared prompt</source>
        <translation>Prompt comparado</translation>
    </message>
</context>
<context>
    <name>facet::app::ConversationStore</name>
    <message>
        <source>The disk is full, so the conversation could not be saved. Free some space and try again.</source>
        <translation>O disco está cheio, então a conversa não pôde ser salva. Libere espaço e tente novamente.</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>O banco de dados de conversas é somente leitura (%1). Verifique as permissões do arquivo e da pasta dele.</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>O banco de dados de conversas está sendo usado por outro programa (o Facet está aberto duas vezes?). Feche o outro e tente novamente.</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>A leitura ou gravação do banco de dados de conversas falhou (%1). O disco pode estar cheio ou com defeito: libere espaço ou verifique o disco e tente novamente.</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>Não é possível abrir o banco de dados de conversas (%1). Verifique se a pasta dele existe e permite gravação.</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>O banco de dados de conversas está danificado (%1).</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>Erro de banco de dados desconhecido.</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>A temperatura deve ser 0 ou mais (recebido: %1).</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k deve ser 0 (desativado) ou mais (recebido: %1).</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p deve estar entre 0 e 1 (recebido: %1).</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p deve estar entre 0 e 1 (recebido: %1).</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>A penalidade de repetição deve ser maior que 0 (recebido: %1).</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>As penalidades de presença e de frequência devem ser números.</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>O limite de tokens deve ser 0 (até o modelo parar) ou mais (recebido: %1).</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>Usuário</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>Assistente</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>Resultado de ferramenta</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>O banco de dados de conversas não está aberto.</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>Não há pasta para os dados do aplicativo, então as conversas não podem ser salvas. Verifique se a sua pasta pessoal existe.</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 é uma pasta, não um banco de dados de conversas. Mova-a para outro lugar e tente novamente.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>Não é possível criar a pasta %1 para o banco de dados de conversas. Verifique se o local existe e se você pode gravar nele.</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>A pasta %1 não permite gravação, então as conversas não podem ser salvas. Verifique as permissões dela.</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>O banco de dados de conversas %1 é somente leitura. Verifique as permissões dele.</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>Não é possível ler o banco de dados de conversas %1: %2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>não é um banco de dados SQLite</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>O banco de dados de conversas %1 está danificado (%2) e não pôde ser movido para o lado: %3. Mova-o você mesmo para outro lugar e inicie o Facet novamente.</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>Seu histórico de conversas estava danificado e não pôde ser lido, então o Facet iniciou um novo, vazio. O arquivo antigo foi mantido como %1; ferramentas como o “.recover” do sqlite3 podem recuperar conversas dele. (Detalhes: %2)</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>O driver SQLite do Qt (QSQLITE) está ausente, então as conversas não podem ser salvas. Instale-o (Debian: libqt6sql6-sqlite).</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>A verificação do SQLite encontrou: %1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>a renomeação falhou</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>ele desapareceu</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>a renomeação de %1 falhou</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>O banco de dados de conversas %1 foi gravado por uma versão mais recente do Facet (esquema %2; esta versão lê até o %3). Atualize o Facet ou mova o arquivo para outro lugar para começar com um histórico vazio.</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>O banco de dados de conversas usa a pesquisa de texto completo do SQLite (FTS5), que falta na biblioteca SQLite deste sistema. Instale um SQLite com FTS5.</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>A configuração do banco de dados de conversas falhou: %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nova conversa</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>Não existe conversa com o id %1.</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>O estado salvo do modelo %1 da conversa não pôde ser excluído. Verifique as permissões da pasta.</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>Papel de mensagem desconhecido &quot;%1&quot; (esperado: system, user, assistant ou tool).</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>O anexo &quot;%1&quot; não é nem imagem nem áudio.</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>Não existe mensagem com o id %1 na conversa %2 para responder.</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>Não existe mensagem com o id %1.</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>Não foi possível ler o ramo abaixo da mensagem %1.</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Criada em: %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modelo: %1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>Exportado do Facet</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt do sistema</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Pensamento</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>Chamadas de ferramentas:</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>Áudio: %1 (%2, %3 s)</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>Imagem: %1 (%2, %3)</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Erro:</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>(resposta incompleta)</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>Somente uma resposta do assistente pode encerrar um exemplo de treinamento.</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>Nenhum arquivo foi informado para o exemplo de treinamento.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>Não é possível criar a pasta %1 para os dados de treinamento. Escolha outro local.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 é uma pasta; escolha um arquivo para os dados de treinamento.</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>Não é possível abrir %1 para salvar o exemplo de treinamento: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Não é possível ler %1: %2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>Não foi possível salvar o exemplo de treinamento em %1: %2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>A intensidade do adaptador deve estar entre 0 e 2 (recebido: %1).</translation>
    </message>
    <message>
        <source>Adapter: %1 ×%2</source>
        <translation>Adaptador: %1 ×%2</translation>
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
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>Dados</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Treinamento</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adaptador</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Saves a checkpoint and stops; Resume continues from it.</source>
        <translation>Salva um checkpoint e para; Retomar continua a partir dele.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>Encerra o treinamento agora e salva o adaptador como está.</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Dados de &amp;treinamento:</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>Um arquivo JSONL: escolha um ou solte-o aqui</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Arquivo de dados de treinamento</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Escolher…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>Escolher o arquivo de dados de treinamento</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>Dados de &amp;validação:</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>Opcional: um arquivo JSONL de exemplos reservados</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>Arquivo de dados de validação</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>Escolher o arquivo de dados de validação</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>Ou &amp;reservar:</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>Parcela reservada para validação</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>A parcela dos dados de treinamento reservada para validação quando nenhum arquivo de validação é informado</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>Ignorar linhas com erro (treinar com os exemplos bons)</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>Verificar dados</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>Primeiros exemplos como o modelo os vê (destacado: o que ele aprende a escrever):</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>Problemas nos dados e histograma de comprimentos</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>Exemplos formatados</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Predefinição:</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>&amp;Rank:</translation>
    </message>
    <message>
        <source>&amp;Alpha:</source>
        <translation>&amp;Alfa:</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>&amp;Dropout:</translation>
    </message>
    <message>
        <source>Adapted projections:</source>
        <translation>Projeções adaptadas:</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>&amp;Taxa de aprendizado:</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>Cro&amp;nograma:</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>Aq&amp;uecimento:</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>&amp;Épocas:</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>Má&amp;ximo de passos:</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>Tokens por &amp;lote:</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>Norma máxima do &amp;gradiente:</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>A&amp;valiar a cada (passos):</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>&amp;Checkpoint a cada (passos):</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;emente:</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>Exemplo mais longo (to&amp;kens):</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>Pasta de &amp;saída:</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>Pr&amp;ompts de teste:</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>Rápido: rank 8, só atenção, 1 época</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>Equilibrado: rank 16, atenção e FFN, 2 épocas</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>Completo: rank 32, atenção e FFN, 3 épocas, lr 1e-4</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Personalizado</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Constante</translation>
    </message>
    <message>
        <source>Linear decay</source>
        <translation>Decaimento linear</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Cosseno</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>Cosseno com reinícios</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sem limite</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>Só no final</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>Sem recorte</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Pasta de saída</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>Prompts de teste</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>Um prompt por linha, respondido a cada avaliação; vazio: os prompts dos primeiros exemplos de validação</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>Tokens treinados por passo do otimizador (os gradientes de vários exemplos são acumulados)</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>Exemplos mais longos são cortados para esta quantidade de tokens</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>As respostas de teste a cada avaliação precisam da GPU: a referência de CPU em que o modelo roda não consegue executar um adaptador.</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>Respostas de teste a cada avaliação (gulosas, pelo adaptador daquele passo):</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>Respostas de teste</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Progresso do treinamento</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>Conversar com este adaptador</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>Salvar como pasta PEFT (Hugging Face)…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>Salvar como LoRA GGUF (llama.cpp, Ollama ADAPTER)…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>Pesos como no modelo</translation>
    </message>
    <message>
        <source>Adapted weights as Q8_0</source>
        <translation>Pesos adaptados como Q8_0</translation>
    </message>
    <message>
        <source>Adapted weights as F16</source>
        <translation>Pesos adaptados como F16</translation>
    </message>
    <message>
        <source>Merged weights&apos; type</source>
        <translation>Tipo dos pesos mesclados</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>Exportar GGUF mesclado…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>O modelo carregado com o adaptador incorporado aos pesos: um modelo comum para o Ollama e o llama.cpp</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Progresso da exportação</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Treinamento de um adaptador para &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>Nenhum modelo está carregado: carregue o modelo a ajustar no painel Modelos.</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Dados de treinamento</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>Dados de validação</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Carregue um modelo primeiro: os dados são medidos com o tokenizador dele.</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>Escolha os dados de treinamento primeiro.</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>Verificando %1…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>Escolha um arquivo JSONL de exemplos (ou solte um aqui): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} ou {&quot;text&quot;}, um por linha.</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>%1 no total: %2 para treinamento e %3 para validação.</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 exemplo</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 exemplos</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>%n linha com erro será ignorada.</numerusform>
            <numerusform>%n linhas com erro serão ignoradas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>%n linha com erro: corrija-a ou escolha ignorá-la.</numerusform>
            <numerusform>%n linhas com erro: corrija-as ou escolha ignorá-las.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>%n exemplo com mais de %1 tokens será cortado.</numerusform>
            <numerusform>%n exemplos com mais de %1 tokens serão cortados.</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>erro</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>aviso</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>Comprimentos: %1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>Validação: %1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>Cortadas (mais de %1 tokens): linhas %2</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>Tokens por exemplo:</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>Linha %1: %2 tokens, %3 treinados%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation> (cortado)</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>Carregue um modelo para ver do que o treinamento precisa.</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>Estimativa: cerca de %1 de memória de GPU (pesos %2, adaptador de %3 parâmetros %4, ativações %5).</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>Cerca de %1 para %n passo (%2 tokens a %3 tokens/s presumidos; a velocidade medida aparece quando o treinamento estiver em andamento).</numerusform>
            <numerusform>Cerca de %1 para %n passos (%2 tokens a %3 tokens/s presumidos; a velocidade medida aparece quando o treinamento estiver em andamento).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>Verifique os dados para estimar o tempo.</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>Escolha pelo menos uma projeção para adaptar.</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>Escolha uma pasta de saída.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Retomando…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>Preparando os dados e o modelo…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>Pausando após este passo…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Parando após este passo…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Passo %1 de %2</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>Este treino: rank %1, alfa %2 em %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>taxa de aprendizado %1 (%2), %3 % de aquecimento</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>tokens treinados por passo: %1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>Treinando; retomado no passo %1 de %2.</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>Treinamento: %n passo.</numerusform>
            <numerusform>Treinamento: %n passos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>Época %1 de %2</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 tokens treinados/s</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>Perda %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>(validação %1)</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>faltam %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>Pausado no passo %1 de %2; o checkpoint está em %3. Retomar continua a partir dele.</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>Parado no passo %1 de %2; o adaptador daquele passo foi salvo.</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>Treinamento concluído: %n passo.</numerusform>
            <numerusform>Treinamento concluído: %n passos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>Adaptador: %1 (LoRA GGUF) e %2 (pasta PEFT).</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>Não há nenhum adaptador concluído em %1.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>Não é possível criar %1.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Não é possível gravar %1.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Gravando %1…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>Salvar o adaptador PEFT em</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>Adaptador PEFT salvo em %1.</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>Salvar o LoRA GGUF</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>LoRA GGUF salvo em %1.</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>Exportar o modelo mesclado</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>Modelo mesclado exportado para %1.</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>A exportação foi cancelada.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Retomar</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>Continua o treinamento a partir do checkpoint na pasta de saída (com as mesmas configurações e dados).</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>Inicia o treinamento de um novo adaptador.</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>Ainda não há adaptador: o adaptador do treinamento concluído aparece aqui.</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>Cerca de %1 para %n passo (%2 tokens treinados a %3 tokens/s, a velocidade medida pelo último treinamento neste modelo e dispositivo).</numerusform>
            <numerusform>Cerca de %1 para %n passos (%2 tokens treinados a %3 tokens/s, a velocidade medida pelo último treinamento neste modelo e dispositivo).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>Anúncios da resposta que está sendo escrita</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Bloco de código.</translation>
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
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Nenhum modelo encontrado ainda: baixe um no painel Modelos.</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>Conversas indisponíveis</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>O Facet não consegue abrir o banco de dados de conversas: %1
As conversas não serão salvas até que isso seja corrigido.</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>Banco de dados de conversas recuperado</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>Exportar conversa</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>Sobre o Facet</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Executa o Gemma 4 do Google na sua própria GPU por meio do Qt RHI. Nada sai deste computador.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>As conversas e o chat com o modelo</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anexos</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Imagens e áudio para a próxima mensagem, e o gravador do microfone</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Ajuste fino</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>Treinamento de um adaptador LoRA com os seus próprios dados</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nova conversa</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>&amp;Exportar conversa…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configurações…</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Enviar</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Parar</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>&amp;Regenerar a última resposta</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;Anexar arquivos…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>Iniciar ou parar a &amp;gravação</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Pesquisar conversas</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>Ir para a caixa de mensagem</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>&amp;Anexos</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>Ajuste &amp;fino</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>Mostrar &amp;pensamento</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;juda</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>&amp;Sobre o Facet</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>Cancelar carregamento</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>Interrompe o carregamento do modelo</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>Progresso do carregamento do modelo</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Carregando %1…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>Carregando %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>%1 carregado em %2 em %3 s (contexto de %4 tokens)</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>O carregamento de %1 foi cancelado.</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>Não foi possível carregar %1</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>Não foi possível carregar o modelo</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>O Facet não conseguiu carregar %1.</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>Configurações salvas. As mudanças de GPU e de contexto valem a partir do próximo carregamento de um modelo.</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>%1 carregado em %2 em %3 s (contexto limitado a %4 tokens, o máximo deste modelo)</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>Não foi possível iniciar o servidor da API: %1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API: %n requisição</numerusform>
            <numerusform>API: %n requisições</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API ligada</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>O servidor da API escuta em %1; ele responde assim que um modelo for carregado.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>O servidor da API serve %1 em %2.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>O servidor da API serve %1 em %2, e os adaptadores do chat como %3.</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>Prompt do sistema</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>Você</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de ferramenta</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Sua mensagem</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>Texto (%1)</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>Selecione o texto com o teclado ou o mouse; os links abrem no seu navegador</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <comment>a tool&apos;s result</comment>
        <translation>Resultado de %1</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>Chamada de ferramenta: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Estatísticas</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>Sendo escrita</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Falhou: %1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Versão %1 de %2</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Mensagem do sistema</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Mensagem do usuário</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Mensagem do assistente</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>Mensagem de ferramenta</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>Resultado de ferramenta: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>Copiar a mensagem inteira (Markdown)</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>Copia o texto desta mensagem com o Markdown para a área de transferência</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>Editar esta mensagem e enviá-la novamente</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>Abre um editor para esta mensagem; ao salvar, ela é enviada novamente como uma nova versão</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>Escrever esta resposta novamente</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>Pede ao modelo uma nova resposta no lugar desta</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>Parar a leitura em voz alta</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>Para a leitura em voz alta desta resposta</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Ler em voz alta</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>Nenhum mecanismo de voz está instalado, então as respostas não podem ser lidas em voz alta. Instale um (no Debian: speech-dispatcher e o plugin de voz do Qt) e reinicie o Facet.</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>Indisponível: nenhum mecanismo de voz instalado</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>Ler esta resposta em voz alta</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>Lê a resposta em voz alta sem os símbolos de Markdown nem os blocos de código</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>Salvar como exemplo</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>Salvar esta troca como exemplo de treinamento</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>Adiciona a pergunta e esta resposta a um conjunto de dados de ajuste fino</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>Excluir esta mensagem</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>Remove esta mensagem da conversa</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Versão anterior</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Próxima versão</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>Pensou por %n s</numerusform>
            <numerusform>Pensou por %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>Pensamentos</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Ocultar o raciocínio do modelo</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Mostrar o raciocínio do modelo</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Raciocínio: %1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>Expandido; pressione Espaço para ocultar o raciocínio do modelo</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>Recolhido; pressione Espaço para mostrar o raciocínio do modelo</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>O raciocínio do modelo</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>Texto que o modelo escreveu antes da resposta</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Algo deu errado</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>O que fazer: %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erro</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>O que fazer</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escrevendo…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Imagem: %1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>Áudio: %1, %2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar mensagem</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Ctrl+Enter salva e envia novamente, Esc cancela</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>Salvar &amp;&amp; reenviar</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>Salvar e reenviar</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>Substitui a mensagem pelo texto editado e pede uma nova resposta</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Cancelar edição</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>Mantém a mensagem como estava</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n token</numerusform>
            <numerusform>%n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens of context</source>
        <translation>
            <numerusform>%n token de contexto</numerusform>
            <numerusform>%n tokens de contexto</numerusform>
        </translation>
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
    <message>
        <source>vision %1</source>
        <translation>visão %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>áudio %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>Carregado quando uma imagem ou gravação é enviada: %1.</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>“%1” não foi adicionado: %2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>uma mensagem pode ter no máximo %1 anexos. Remova um ou envie esta mensagem primeiro.</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>“%1” e mais %2 não foram adicionados: %3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>Nada foi adicionado: %1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagem colada</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>Nenhum microfone encontrado</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Parar</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>Gravar de novo</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Gravar</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>Parar gravação</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>Para a gravação e mantém a tomada</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>Grava do microfone escolhido; uma nova tomada substitui a atual</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>Parar reprodução</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Reproduzir gravação</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>Reproduz a gravação pelos alto-falantes ou fones de ouvido</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>Nenhum microfone foi encontrado. Conecte um e ele aparecerá aqui.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>Duração da gravação</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>Gravação das %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>A gravação foi anexada à mensagem.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microfone</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>Gravar um prompt de voz para anexar à mensagem</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>&amp;Entrada:</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>A entrada de onde gravar</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>Nível de entrada</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>O volume do microfone durante a gravação</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>Descartar gravação</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>Joga a gravação fora</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anexar</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>Anexar gravação</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>Adiciona a gravação à mensagem que está sendo escrita</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>Estado do gravador</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>Mensagens sobre a gravação</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>Amostragem</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>Como o modelo escolhe cada próximo token de uma resposta</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatura:</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatura</translation>
    </message>
    <message>
        <source>Randomness of the answer: 0 always takes the most likely token, 1 follows the model&apos;s own probabilities, higher values are more surprising</source>
        <translation>Aleatoriedade da resposta: 0 sempre escolhe o token mais provável, 1 segue as probabilidades do próprio modelo, valores maiores são mais surpreendentes</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>O quanto a resposta é aleatória. 0 sempre escolhe o token mais provável (gulosa); 1 amostra pelas probabilidades do próprio modelo; valores maiores geram um texto mais variado e menos focado.</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (gulosa)</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k:</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Only the k most likely tokens can be chosen; 0 turns this limit off</source>
        <translation>Só os k tokens mais prováveis podem ser escolhidos; 0 desativa este limite</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>Só os k próximos tokens mais prováveis são considerados. Valores menores mantêm a resposta focada. 0 desativa o limite.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desativado</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p:</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Only the most likely tokens that together reach this probability can be chosen; 1 turns this limit off; must be greater than 0</source>
        <translation>Só os tokens mais prováveis que juntos atingem esta probabilidade podem ser escolhidos; 1 desativa este limite; deve ser maior que 0</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>Amostragem de núcleo: só os tokens mais prováveis cujas probabilidades somam p são considerados. 1 a desativa; deve ser maior que 0.</translation>
    </message>
    <message>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p:</translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <source>Tokens less likely than this fraction of the most likely one are dropped; 0 turns this off</source>
        <translation>Tokens menos prováveis que esta fração do mais provável são descartados; 0 desativa isto</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>Descarta os tokens cuja probabilidade fica abaixo desta fração da probabilidade do token mais provável. 0 desativa isto.</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Penalidade de &amp;repetição:</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Penalidade de repetição</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>Acima de 1 torna menos prováveis os tokens que já apareceram, abaixo de 1 mais prováveis; 1 a desativa; deve ser maior que 0</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>Divide a pontuação dos tokens que apareceram recentemente. Acima de 1 desencoraja repetições, abaixo de 1 as incentiva, 1 a desativa. Deve ser maior que 0.</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>Penalidade de pr&amp;esença:</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>Penalidade de presença</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>Reduz neste valor a pontuação de cada token que já apareceu; 0 a desativa</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>Subtraída uma única vez da pontuação de cada token que apareceu recentemente, não importa quantas vezes. Valores positivos levam o modelo a novas palavras e assuntos. 0 a desativa.</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>Penalidade de &amp;frequência:</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>Penalidade de frequência</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>Reduz neste valor a pontuação de um token para cada vez que ele já apareceu; 0 a desativa</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>Subtraída da pontuação de um token uma vez para cada aparição recente, de modo que palavras muito repetidas ficam mais raras. 0 a desativa.</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>Má&amp;ximo de tokens:</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>Máximo de tokens por resposta</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>A resposta para depois deste número de tokens; 0 significa ilimitado, até o modelo parar ou o contexto encher</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>O máximo de tokens que uma resposta pode ter. Ilimitado: até o modelo terminar a resposta ou o contexto encher.</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>Ilimitado</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>&amp;Semente fixa:</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>Usar uma semente fixa</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>Quando marcada, a mesma pergunta com as mesmas configurações gera a mesma resposta; caso contrário, cada resposta usa uma nova semente aleatória</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>Com uma semente fixa, as escolhas aleatórias se repetem exatamente, então uma resposta pode ser reproduzida. Sem ela, cada resposta sorteia uma nova semente.</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semente</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>Um número inteiro de 0 a 18446744073709551615 que inicia as escolhas aleatórias</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>por exemplo, 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>Um número inteiro de 0 a 18446744073709551615.</translation>
    </message>
    <message>
        <source>T&amp;hink before answering</source>
        <translation>Pe&amp;nsar antes de responder</translation>
    </message>
    <message>
        <source>Think before answering</source>
        <translation>Pensar antes de responder</translation>
    </message>
    <message>
        <source>The model reasons step by step before it answers; slower, often better for hard questions</source>
        <translation>O modelo raciocina passo a passo antes de responder; mais lento, muitas vezes melhor para perguntas difíceis</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>O Gemma 4 pode raciocinar antes de responder. A resposta demora mais; o pensamento pode ser mostrado no chat.</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>Restaurar os padrões do &amp;Gemma 4</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>Restaurar os padrões do Gemma 4</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>Define temperatura 1,0, top-k 64, top-p 0,95 e desativa todas as outras opções</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>Temperatura 1,0, top-k 64, top-p 0,95, sem penalidades, sem limite.</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>Problemas nas configurações de amostragem</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>Observações sobre as configurações de amostragem</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Máximo de tokens</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p deve ser maior que 0 (1 o desativa); com 0 nenhum token poderia ser escolhido.</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>A penalidade de repetição deve ser maior que 0 (1 a desativa).</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>Digite uma semente ou desmarque &quot;Semente fixa&quot; para usar uma nova semente aleatória em cada resposta.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>A semente deve ser um número inteiro de 0 a 18446744073709551615.</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>O mecanismo recusa estas configurações: %1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 não era um número; foi definido como %2.</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>%1 %2 não pode ser usado; foi alterado para %3.</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>Com temperatura 0 o token mais provável é sempre escolhido: top-k, top-p, min-p e a semente não têm efeito.</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>Uma penalidade de repetição abaixo de 1 torna as repetições mais prováveis.</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Configurações</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>As preferências do Facet, uma página por assunto</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Páginas de configurações</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>Configurações de Geral, GPU, Modelo, Amostragem, Downloads e Ajuste fino; Ctrl+Tab vai para a próxima página</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Geral</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>settings page</comment>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Amostragem</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Ajuste fino</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>The language of Facet&apos;s menus and messages; it changes as soon as you apply it</source>
        <translation>O idioma dos menus e mensagens do Facet; ele muda assim que você o aplica</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>Cada idioma aparece com o próprio nome.</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Padrão do sistema (%1)</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Tema:</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <source>Facet&apos;s colours: those of the system, or Facet&apos;s own light or dark colours</source>
        <translation>As cores do Facet: as do sistema, ou as cores claras ou escuras próprias do Facet</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Escuro</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Seguir o sistema</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>&quot;Seguir o sistema&quot; mantém as cores que a sua área de trabalho dá ao Facet. Esta versão do Qt não consegue detectar sozinha uma área de trabalho escura; escolha Escuro se o Facet continuar claro em uma área de trabalho escura.</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>Mostrar o &amp;pensamento do modelo no chat</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>Mostrar pensamento</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>Quando o modelo pensa antes de responder, mostrar o pensamento, recolhido, acima da resposta</translation>
    </message>
    <message>
        <source>&amp;Graphics API:</source>
        <translation>&amp;API gráfica:</translation>
    </message>
    <message>
        <source>Graphics API</source>
        <translation>API gráfica</translation>
    </message>
    <message>
        <source>The GPU interface Facet computes through; Automatic picks the best one that works</source>
        <translation>A interface de GPU pela qual o Facet faz os cálculos; Automática escolhe a melhor que funcionar</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automática</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>&amp;Dispositivo:</translation>
    </message>
    <message>
        <source>GPU device</source>
        <translation>Dispositivo de GPU</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>Qual GPU executa o modelo quando o computador tem mais de uma</translation>
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
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>Quantos tokens uma conversa pode conter; contextos mais longos precisam de mais memória de GPU</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Contextos mais longos precisam de mais memória de GPU para o cache KV.</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>Uma conversa mais longa que isso esquece o começo. O novo tamanho vale a partir do próximo carregamento de um modelo.</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>Memória necessária</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>Novas conversas começam com estes valores; cada conversa pode mudar os seus.</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>Endereço do &amp;registro:</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>Endereço do registro</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>O registro do Ollama de onde os modelos são baixados; deixe vazio para usar %1</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>Deixe vazio para usar o registro oficial, %1.</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>Problema no endereço do registro</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Dados de &amp;treinamento:</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Arquivo de dados de treinamento</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>O arquivo JSONL com que o painel Ajuste fino começa, um exemplo por linha</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Nenhum arquivo escolhido</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Procurar…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>Procurar dados de treinamento</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>Abre uma caixa de diálogo para escolher um arquivo JSONL</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>Observação sobre o arquivo de dados de treinamento</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>Botões da caixa de diálogo</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>Salva as configurações e fecha a caixa de diálogo</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>Salva as configurações e mantém a caixa de diálogo aberta</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>Fecha a caixa de diálogo sem salvar as alterações</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>Coloca os valores padrão em todas as páginas; OK ou Aplicar os salva</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Padrão</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1 (não encontrada)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>&quot;%1&quot; não é um endereço web. Digite um que comece com https:// ou http:// e indique um servidor, por exemplo %2, ou deixe o campo vazio para usar esse.</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>Este arquivo não existe (ainda). O painel Ajuste fino avisará de novo quando você iniciar o treinamento.</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>Isto é uma pasta; escolha um arquivo JSONL dentro dela.</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>Escolher dados de treinamento</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>A&amp;tivações de 8 bits:</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>Ativações de 8 bits</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>Se os grandes produtos de matrizes arredondam as entradas para 8 bits nas GPUs que fazem isso rápido; respostas mais rápidas, resultados um pouco diferentes</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>Automático (quando a GPU tem um produto escalar int8 rápido)</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>Desativado (todo produto em ponto flutuante)</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>Automático: em GPUs com produto escalar rápido de inteiros de 8 bits, os maiores produtos de matrizes de cada token gerado arredondam as entradas para 8 bits, o que deixa as respostas mais rápidas. Isso muda um pouco os resultados: o modelo pode escolher outras palavras do que com Desativado. Desativado: todo produto em ponto flutuante de 32 bits, como a referência calcula.</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>&amp;Espera da GPU:</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>Espera da GPU</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Como o Facet espera pela GPU: adaptativo para a menor latência ou repouso para o menor uso de CPU</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>Adaptativo (baixa latência)</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>Repouso (menos CPU)</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>Adaptativo: enquanto a GPU calcula um passo, o Facet verifica se ele terminou por mais ou menos o tempo que os passos recentes levaram e depois entra em repouso; as respostas chegam um pouco mais rápido, e um núcleo da CPU fica ocupado enquanto o modelo gera. Repouso: o Facet fica em repouso até a GPU terminar; o menor uso de CPU, respostas um pouco mais lentas. Vale para Vulkan.</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>As alterações nesta página valem a partir do próximo carregamento de um modelo.</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>&amp;Tokens por imagem:</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>Tokens por imagem</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>Quantos tokens de contexto uma imagem ocupa: mais tokens mostram detalhes mais finos</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>Mais tokens deixam o modelo ver detalhes mais finos (documentos, texto pequeno) e ocupam mais do contexto.</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>&amp;Manter carregados os codificadores de imagem e áudio</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>Manter carregados os codificadores de imagem e áudio</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>Desativado: eles são liberados após cada mensagem, o que economiza memória</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>Desativado: eles são liberados após cada mensagem, o que economiza memória e deixa os anexos mais lentos.</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>Uma imagem custa no máximo esta quantidade de tokens de contexto; o áudio custa 25 tokens por segundo.</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>&amp;Servir o modelo carregado a outros programas (API da OpenAI)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>Servir o modelo carregado a outros programas</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>Uma API compatível com a OpenAI somente neste computador; desligada por padrão</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>&amp;Porta da API:</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Porta da API</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>A porta TCP deste computador pela qual os programas acessam o modelo</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>Programas neste computador acessam o modelo em %1 (conclusões de chat e de texto, lista de modelos); outros computadores não. As requisições deles aguardam atrás do seu próprio chat e aparecem na barra de status.</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>Perda de treinamento</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Perda de validação</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Taxa de aprendizado</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>Norma do gradiente</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>Gráfico de perda</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>Perda de treinamento e de validação ao longo dos passos do otimizador</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>Gráfico da taxa de aprendizado e da norma do gradiente</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>ele não começa com um cabeçalho WAV</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>o cabeçalho de formato está danificado (menor que os 16 bytes necessários)</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>ele não tem cabeçalho de formato</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>ele não contém dados de áudio</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>o cabeçalho indica um número de canais impossível (%1)</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>o cabeçalho indica uma taxa de amostragem impossível (%1 Hz)</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>ele contém áudio %1, que o leitor de WAV do Facet não decodifica</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>ele contém áudio na codificação 0x%1, que o leitor de WAV do Facet não decodifica</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>o cabeçalho é inconsistente (%1 bits por amostra em blocos de %2 bytes para %3 canais)</translation>
    </message>
    <message>
        <source>mono</source>
        <translation>mono</translation>
    </message>
    <message>
        <source>stereo</source>
        <translation>estéreo</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 canais</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>PCM de %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>ponto flutuante de %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>lei A, %1 Hz, %2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>lei μ, %1 Hz, %2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>ele não contém áudio (0 amostras)</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>ele dura %1</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>O cabeçalho do arquivo de áudio está danificado (ele indica %1 canais a %2 Hz).</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>A gravação dura %1; o Facet aceita no máximo %2 de áudio. Divida-a em partes mais curtas e anexe-as.</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>A decodificação do áudio foi cancelada.</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>A gravação dura mais de %1, o máximo de áudio que o Facet aceita. Divida-a em partes mais curtas e anexe-as.</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>Não foi possível decodificar o arquivo de áudio: %1. Ele pode estar danificado.</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>O arquivo de áudio não contém som (0 amostras).</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>O arquivo de áudio está danificado depois de %1; só a parte anterior foi usada.</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>O Facet não consegue ler este arquivo de áudio: ele não está em um formato que o Facet conheça (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) ou está danificado (%1).</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>O arquivo de áudio %1 não existe.</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>O arquivo de áudio %1 está vazio (0 bytes).</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>O arquivo de áudio está vazio (0 bytes).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>O codificador de áudio do modelo tem uma camada linear de largura %1, que os kernels de GPU não conseguem processar (é preciso um múltiplo de 4).</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>O áudio tem uma taxa de amostragem impossível (%1 Hz).</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>Não foi possível reamostrar o áudio de %1 Hz: %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>O codificador de áudio do modelo tem um formato que os kernels de GPU não suportam (bloco de atenção %1, contexto à esquerda %2, contexto à direita %3, canais de convolução %4 e %5, largura %6).</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>A GPU não conseguiu receber os pesos do codificador de áudio (%1). Feche outros programas que usam a GPU ou use um modelo menor.</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>O clipe de áudio é longo demais para o codificador de áudio na GPU (%1 quadros); divida-o em clipes mais curtos.</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>A GPU não conseguiu preparar o codificador de áudio (%1). Feche outros programas que usam a GPU ou grave um clipe mais curto.</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>As características de áudio têm o tamanho errado (%1 valores para %2 quadros de %3 faixas mel).</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>A máscara de características de áudio tem %1 entradas para %2 quadros.</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>A GPU falhou ao codificar o áudio: %1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>A codificação do áudio foi cancelada.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>O codificador de áudio do modelo está incompleto: falta o tensor %1. O arquivo pode estar danificado ou ter sido convertido sem o codificador de áudio; baixe-o novamente.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>O codificador de áudio do modelo tem o tensor %1 com formato %2, quando se espera %3; o arquivo está danificado ou foi feito para outro modelo.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>O codificador de áudio do modelo armazena o tensor %1 em um tipo que o Facet não consegue ler.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>O codificador de áudio do modelo tem o tensor %1 em um layout que o Facet não consegue ler.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>O codificador de áudio do modelo tem o tensor de limitação %1 com %2 valores, quando se espera 1.</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>Este modelo não tem codificador de áudio (não há metadados gemma4.audio), por isso não aceita áudio. Use um arquivo Gemma 4 E2B ou E4B com áudio ou adicione o arquivo mmproj dele.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>Os metadados do codificador de áudio do modelo são inconsistentes (%1 camadas, largura %2, %3 cabeças).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>O codificador de áudio do modelo tem o tensor a.conv1d.0.weight com formato %1, quando se espera [3, 3, 1, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>O codificador de áudio do modelo tem o tensor a.conv1d.1.weight com formato %1, quando se espera [3, 3, channels, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>O codificador de áudio do modelo tem o tensor a.blk.0.conv_dw.weight com kernel %1, mas os metadados indicam %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>O codificador de áudio do modelo tem o tensor mm.a.input_projection.weight com largura de saída %1, mas a largura do modelo de texto é %2.</translation>
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
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Uma imagem desta conversa não tem dados (ela pode ter sido removida do disco). Remova-a e anexe-a novamente.</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Uma gravação desta conversa não tem dados (ela pode ter sido removida do disco). Remova-a e anexe-a novamente.</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>Não é possível ler o arquivo do projetor %1 ao lado do modelo: %2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 não tem codificador de imagens, por isso não consegue ler imagens. Use um arquivo Gemma 4 com os pesos de visão (os modelos gemma4 do Ollama os têm) ou coloque ao lado dele o arquivo de projetor mmproj-*.gguf do modelo.</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 não tem codificador de áudio, por isso não consegue ler áudio. Use um arquivo Gemma 4 E2B ou E4B com os pesos de áudio ou coloque ao lado dele o arquivo de projetor mmproj-*.gguf do modelo.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>Não é possível carregar o codificador de imagens: %1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>O codificador de imagens projeta para a largura %1, mas a largura de texto do modelo é %2: o arquivo do projetor não pertence a este modelo.</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>A gravação não contém som (está vazia).</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>Não é possível carregar o codificador de áudio: %1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>O codificador de áudio projeta para a largura %1, mas a largura de texto do modelo é %2: o arquivo do projetor não pertence a este modelo.</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>O vocabulário do modelo não tem o token %1, por isso ele não consegue ler imagens nem áudio. Use um arquivo de modelo Gemma 4 com os tokens multimodais.</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>Inicie uma nova conversa, exclua mensagens anteriores ou aumente o tamanho do contexto nas Configurações.</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>Tente novamente. Se continuar falhando, recarregue o modelo ou escolha outro backend de GPU nas Configurações.</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>O mecanismo foi encerrado.</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 não é um modelo Gemma 4 (a arquitetura dele é &quot;%2&quot;). O Facet executa o Gemma 4 E2B e o E4B; escolha um deles no painel Modelos.</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>Referência de CPU (lenta)</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>Backend de GPU desconhecido &quot;%1&quot;. Escolha um dos backends listados nas Configurações.</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>Nenhuma GPU utilizável: %1. Atualize o driver de vídeo ou escolha outro backend de GPU ou dispositivo nas Configurações.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Nenhum modelo está carregado.</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>Carregue um modelo no painel Modelos.</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>Configurações de amostragem inválidas: %1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>Corrija-as nas configurações da conversa.</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>A conversa está vazia.</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>Digite uma mensagem.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>Um adaptador LoRA está sendo treinado no modelo carregado. Pause ou pare o treinamento no painel Ajuste fino e depois carregue outro modelo.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>Um adaptador LoRA está sendo treinado neste modelo.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>O treinamento está em andamento: pause-o ou pare-o no painel Ajuste fino para conversar.</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>Remova os anexos desta conversa ou carregue um modelo que consiga lê-los.</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>Escolha outro adaptador para esta conversa ou desative-o.</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>Remova ou substitua o anexo e envie novamente.</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>Já há um treinamento em andamento.</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>Pause-o ou pare-o antes de iniciar outro.</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Carregue um modelo primeiro: os dados são medidos com o tokenizador dele.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… e mais %n</numerusform>
            <numerusform>… e mais %n</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>Carregue o modelo a treinar no painel Modelos.</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>Os dados de treinamento têm %n exemplo com erro:</numerusform>
            <numerusform>Os dados de treinamento têm %n exemplos com erro:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>Corrija essas linhas ou escolha ignorar as linhas com erro e treinar com %n exemplo bom.</numerusform>
            <numerusform>Corrija essas linhas ou escolha ignorar as linhas com erro e treinar com os %n exemplos bons.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>Não há nada para treinar: %1 não contém nenhum exemplo utilizável.</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>Escolha um arquivo JSONL com pelo menos um exemplo.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Não é possível criar a pasta %1.</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>Escolha outra pasta de saída.</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>O treinamento não pode ser executado neste modelo: %1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>Carregue o modelo novamente ou escolha outro dispositivo nas Configurações.</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>Escolha outra pasta de saída ou as configurações e os dados do treinamento que está nela.</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>Reduza a taxa de aprendizado ou verifique os dados e comece de novo (o último checkpoint é mantido).</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>Não é possível salvar o adaptador: %1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>Verifique o espaço livre e as permissões da pasta de saída.</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>Carregue primeiro o modelo base em que o adaptador foi treinado.</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>Tipo de mesclagem desconhecido &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>Não é possível ler o adaptador %1: %2</translation>
    </message>
</context>
</TS>
