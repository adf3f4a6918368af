<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 no existe. Elija una carpeta de adaptador PEFT o un archivo LoRA GGUF.</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 no es un adaptador PEFT: necesita adapter_config.json y adapter_model.safetensors. Elija la carpeta que contiene ambos (la carpeta del adaptador de un entrenamiento) o un archivo LoRA GGUF.</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>El adapter_config.json de %1 no se puede leer como JSON. Vuelva a guardar el adaptador o elija otro.</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 no es una carpeta de adaptador PEFT ni un archivo LoRA GGUF (%2). Elija la carpeta del adaptador o el adaptador .gguf que escribió un entrenamiento.</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 es un modelo GGUF, no un adaptador LoRA. Cargue los modelos en el panel Modelos; aquí elija un adaptador (una carpeta PEFT o un archivo LoRA GGUF).</translation>
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
        <translation>Ninguno</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>El modelo base, sin adaptador</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>Una carpeta de adaptador PEFT o un archivo LoRA GGUF</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>Elegir un adaptador</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>Adaptadores (*.gguf adapter_config.json adapter_model.safetensors);;LoRA GGUF (*.gguf);;Carpeta de adaptador PEFT (adapter_config.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>Intensidad del adaptador ×%1</translation>
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
        <translation>El adaptador LoRA por el que pasa esta conversación: ninguno, uno reciente, o examine para buscar una carpeta PEFT o un archivo LoRA GGUF</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>Pasar esta conversación por el adaptador (al desactivarlo, la elección se conserva)</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>Usar el adaptador</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>Intensidad del adaptador</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>Cuánto cambia el adaptador el modelo, de 0 (el modelo base) a 2 veces</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>Valor de la intensidad del adaptador</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>Responder al mensaje que está escribiendo, o si no a la última pregunta, una vez con el modelo base y otra con el adaptador, una al lado de la otra</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>Comparar con el modelo base</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>Suelte para adjuntar</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>Imagen soltada</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagen pegada</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>“%1” no es un archivo de imagen o audio que Facet pueda leer (tipo detectado: %2). Adjunte imágenes PNG, JPEG, WebP, GIF o BMP, o audio WAV, FLAC, MP3 u OGG.</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>“%1” no es un archivo de imagen o audio que Facet pueda leer. Adjunte imágenes PNG, JPEG, WebP, GIF o BMP, o audio WAV, FLAC, MP3 u OGG.</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>“%1” ocupa %2; las imágenes pueden ocupar como máximo %3. Redúzcala o guárdela como JPEG y vuelva a añadirla.</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>“%1” mide %2 × %3 píxeles (%4 megapíxeles); las imágenes pueden tener como máximo %5 megapíxeles. Redúzcala y vuelva a añadirla.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1” dura %2; los adjuntos de audio pueden durar como máximo %3. Acórtelo y vuelva a añadirlo.</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>No se encontró “%1”. Puede que se haya movido o eliminado.</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>“%1” es una carpeta. Añada en su lugar los archivos que contiene.</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>Facet no puede abrir “%1” (%2). Compruebe que tiene permiso para leerlo.</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>“%1” está vacío (0 bytes).</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>“%1” es demasiado grande para leerlo (%2); los adjuntos de audio pueden durar como máximo %3. Acórtelo y vuelva a añadirlo.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>No se pudo leer “%1” (%2).</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>“%1” es un archivo WAV dañado: %2. Vuelva a exportarlo desde el programa que lo creó.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1” no es una imagen que Facet pueda leer (tipo detectado: %2). Use PNG, JPEG, WebP, GIF o BMP.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>“%1” no es una imagen que Facet pueda leer. Use PNG, JPEG, WebP, GIF o BMP.</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>“%1” está truncado: el archivo termina antes que la imagen. Vuelva a copiarlo o a descargarlo.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>No se pudo decodificar “%1” (%2). Puede que el archivo esté dañado; compruébelo en un visor de imágenes.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>“%1” no es un archivo de este equipo y no se adjuntó. Guárdelo primero y luego adjunte el archivo guardado.</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>“%1” y %2 más no son archivos de este equipo y no se adjuntaron. Guárdelos primero y luego adjunte los archivos guardados.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>“%1” no es un archivo de este equipo. Guárdelo primero y luego adjunte el archivo guardado.</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>Aquí no hay ninguna imagen, audio ni archivo que adjuntar.</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>La importación falló por un motivo desconocido.</translation>
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
        <translation>%1, audio, %2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1, imagen, %2 × %3 píxeles, %4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>Quitar “%1”</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>Quita este adjunto del mensaje que se está escribiendo</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Adjuntos</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>Las imágenes y el audio que acompañan al próximo mensaje</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>Añadiendo adjuntos…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problema con los adjuntos</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>Por qué no se adjuntó una imagen o un archivo de audio</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Descartar el mensaje</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>Oculta el mensaje sobre los adjuntos que fallaron</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>El portapapeles no contiene ninguna imagen ni archivo que adjuntar. Copie primero una imagen o un archivo.</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagen pegada</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>Imágenes y audio (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Imágenes (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>Audio (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>Adjuntar imágenes o audio</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>Número de adjuntos</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Adjuntos</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Imágenes y audio para el próximo mensaje, y la grabadora del micrófono</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>Adjuntos del próximo mensaje</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>Todavía no hay adjuntos.</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>Suelte aquí imágenes o archivos de audio, péguelos con Ctrl+V o añada archivos. Hasta %1 por mensaje; imágenes de hasta %2, audio de hasta %3 (m:ss).</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>&amp;Añadir archivos…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>Añadir archivos</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>Elegir imágenes o archivos de audio para adjuntar</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Pegar</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>Pegar desde el portapapeles</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>Adjunta la imagen o los archivos del portapapeles</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>Quitar todo</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>Quitar todos los adjuntos</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>Quita todos los adjuntos del mensaje</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>No se pudo decodificar “%1”: el decodificador de audio no respondió durante %2 s. Convierta el archivo a WAV y vuelva a añadirlo.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>“%1” dura %2; los adjuntos de audio pueden durar como máximo %3. Acórtelo y vuelva a añadirlo.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>No se puede decodificar “%1”: este equipo no tiene ningún decodificador de audio para Qt Multimedia. Instale los complementos de audio de GStreamer o convierta el archivo a WAV.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>No se pudo decodificar “%1”: el decodificador entregó muestras en un formato desconocido.</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>“%1” dura más de %2, la duración máxima de los adjuntos de audio. Acórtelo y vuelva a añadirlo.</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>“%1” no contiene audio.</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>Facet no tiene permiso para leer “%1” (%2). Compruebe los permisos del archivo.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>No se puede decodificar “%1” en este equipo (%2). Instale los complementos de audio de GStreamer o convierta el archivo a WAV.</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>“%1” no es un audio que Facet pueda decodificar (%2). Use WAV, FLAC, MP3 u OGG.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>No se pudo leer “%1” (%2). Puede que el archivo esté dañado o sea ilegible.</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>El micrófono “%1” no ofrece ningún formato de muestra que Facet pueda usar. Elija otra entrada.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>No se pudo abrir el micrófono “%1”. Puede que otro programa lo esté usando o que Facet no tenga permiso: revise la configuración de sonido y privacidad del sistema.</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>Falló la lectura del micrófono “%1”. Puede que se haya desconectado.</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>El micrófono “%1” dejó de funcionar. Puede que se haya desconectado.</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>No se encontró ningún micrófono. Conecte uno, compruebe que aparece en la configuración de sonido del sistema y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>El micrófono “%1” ya no está disponible. Elija otra entrada.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>No se pudo abrir el micrófono “%1”.</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 Se conserva lo grabado hasta ahora (%2).</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>El micrófono “%1” entrega muestras en un formato que Facet no conoce. Elija otra entrada.</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>La grabación se detuvo al llegar a su límite de %1.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>El micrófono “%1” se desconectó.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>El micrófono “%1” se desconectó. Se conserva lo grabado hasta ahora (%2).</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>Todavía no hay ninguna grabación que reproducir.</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>No hay ninguna salida de sonido (altavoces o auriculares) en la que reproducir la grabación.</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>La salida de sonido “%1” no admite ningún formato que Facet pueda reproducir.</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>Falló la reproducción de la grabación: la salida de sonido se detuvo.</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>No se pudo abrir la salida de sonido “%1”. Puede que otro programa la esté usando.</translation>
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
        <translation>El más pequeño y rápido; funciona en la mayoría de las GPU.</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>Mejores respuestas; necesita aproximadamente el doble de memoria que E2B.</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 bits: el equilibrio habitual entre tamaño y calidad.</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 bits: cercano al original, más grande.</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>Pesos originales sin cuantizar, el más grande.</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>Texto, imágenes y audio.</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>Solo texto.</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>No se puede leer el catálogo %1: %2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>El catálogo %1 no es un JSON válido: %2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>falta un campo o no es válido</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>Entrada del catálogo %1 (%2): %3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>El catálogo %1 no contiene modelos.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>Elija un adaptador para esta conversación para compararlo con el modelo base.</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>Ese mensaje ya no forma parte de la conversación.</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>No hay ninguna pregunta con la que comparar las respuestas.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copiado al portapapeles.</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Detenido al cerrarse Facet.</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nuevo chat</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>Inicia una conversación nueva y vacía (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>Búsqueda de texto completo en todos los mensajes; la lista muestra las conversaciones que coinciden</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>Sus conversaciones, las más recientes primero. Intro abre una; el menú contextual permite cambiarle el nombre, exportarla o eliminarla.</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Título de la conversación</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>Modelo cargado</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>Contexto usado</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>Cuánto del contexto del modelo ocupa esta conversación</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>Configuración del chat</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>Prompt del sistema y muestreo de esta conversación</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>Editar el prompt del sistema y la configuración de muestreo de esta conversación</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Transcripción</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>Los mensajes de esta conversación</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Escriba a Gemma… (Intro envía, Mayús+Intro inicia una línea nueva)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>Escriba su mensaje. Intro o Ctrl+Intro lo envía; Mayús+Intro inicia una línea nueva.</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Adjuntar</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>Adjuntar imágenes o archivos de audio (Ctrl+Mayús+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Adjuntar archivos</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>Abre el panel Adjuntos para añadir imágenes o audio</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Grabar</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>Grabar un mensaje de voz (Ctrl+Mayús+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>Grabar voz</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>Graba desde el micrófono en el panel Adjuntos</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>Pensar</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>Dejar que el modelo razone paso a paso antes de responder</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>Modo de pensamiento</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>Si está activado, el modelo piensa antes de responder; sus pensamientos aparecen en un bloque plegable</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Detener la generación</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Enviar mensaje</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>Detiene la respuesta que se está escribiendo (Esc)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>Envía su mensaje al modelo (Ctrl+Intro)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>Detener (Esc)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Enviar (Ctrl+Intro)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Ningún modelo cargado</translation>
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
            <numerusform>%1 · %n mensaje</numerusform>
            <numerusform>%1 · %n mensajes</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>Ninguna conversación menciona “%1”.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Cambiar nombre…</translation>
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
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Cambiar el nombre de la conversación</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Título:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>¿Eliminar “%1” y todos sus mensajes? No se puede deshacer.</translation>
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
        <translation>Esta respuesta quedó cortada.</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>No se pudo iniciar una conversación: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>No hay ningún modelo cargado. Cargue uno en el panel Modelos y vuelva a enviar; su mensaje se conserva.</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>No se pudo guardar su mensaje: %1. Sigue en el cuadro de mensaje.</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>No se pudo guardar la respuesta: %1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>Leyendo la conversación…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>Respondiendo (se reutilizan %1 de %2 tokens del prompt)…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>Respondiendo (%1 tokens del prompt)…</translation>
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
        <translation>primer token en %1 s</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 en caché</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>detenido</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>se alcanzó el límite de longitud</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>El contexto está lleno: la respuesta se detuvo en %1 tokens.</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>Inicie un chat nuevo o aumente la longitud de contexto en la Configuración.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenido.</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Listo: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>No hay ningún modelo cargado. Cargue primero uno en el panel Modelos.</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>No se pudo guardar el mensaje editado: %1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>Guardado como ejemplo de entrenamiento en %1.</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>No se pudo guardar el ejemplo de entrenamiento: %1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>No se pudo exportar a %1: %2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Exportado a %1.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>Instrucciones que el modelo sigue durante toda esta conversación</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>Prompt del sistema:</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>Leyendo los adjuntos… %1 %</translation>
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
        <translation>Se está escribiendo una respuesta. Espere a que termine (o deténgala) y vuelva a elegir el adaptador.</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>Nuevo chat con el adaptador %1.</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>No se pudo usar el adaptador %1, así que esta conversación vuelve al modelo base (el mensaje de arriba explica por qué). Elija un adaptador hecho para este modelo, o corrija el archivo y vuelva a elegirlo.</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>Elija primero un adaptador: la comparación responde una vez con el modelo base y otra con el adaptador.</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>Escriba una pregunta para comparar la respuesta del modelo base con la del adaptador.</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>Comparando el modelo base con el adaptador…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>Comparación lista: conserve una de las respuestas o cierre la comparación.</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>No se pudo guardar la pregunta: %1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>Se conservó la respuesta del adaptador.</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>Se conservó la respuesta del modelo base.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>Llamando a la herramienta %1.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>Error: %1 Qué hacer: %2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>Los mensajes de esta conversación, los más antiguos primero</translation>
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
        <translation>%1 (escribiéndose…)</translation>
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
        <translation>Copiar este código al portapapeles</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Copiar código</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>Copia exactamente el código de este bloque (%1)</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>Código: %1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>Código de solo lectura; seleccione con el teclado o el ratón</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>Bloque de código: %1</translation>
    </message>
</context>
<context>
    <name>facet::app::ComparisonView</name>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>Detener ambas respuestas</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>Cerrar la comparación; la conversación queda como estaba</translation>
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
        <translation>Conservar esta respuesta</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>Añadir esta respuesta a la conversación</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>Conservar la respuesta del modelo base</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>Conservar la respuesta del adaptador</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>Respuesta del modelo base</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>Respuesta del adaptador</translation>
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
        <translation>El disco está lleno, así que no se pudo guardar la conversación. Libere espacio y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>La base de datos de conversaciones es de solo lectura (%1). Compruebe los permisos del archivo y de su carpeta.</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>Otro programa está usando la base de datos de conversaciones (¿se está ejecutando Facet dos veces?). Cierre el otro y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>Falló la lectura o escritura de la base de datos de conversaciones (%1). Puede que el disco esté lleno o fallando: libere espacio o revise el disco y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>No se puede abrir la base de datos de conversaciones (%1). Compruebe que su carpeta existe y se puede escribir en ella.</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>La base de datos de conversaciones está dañada (%1).</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>Error de base de datos desconocido.</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>La temperatura debe ser 0 o más (se recibió %1).</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k debe ser 0 (desactivado) o más (se recibió %1).</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p debe estar entre 0 y 1 (se recibió %1).</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p debe estar entre 0 y 1 (se recibió %1).</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>La penalización por repetición debe ser mayor que 0 (se recibió %1).</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>Las penalizaciones por presencia y por frecuencia deben ser números.</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>El límite de tokens debe ser 0 (hasta que el modelo se detenga) o más (se recibió %1).</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>Usuario</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>Resultado de herramienta</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>La base de datos de conversaciones no está abierta.</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>No hay ninguna carpeta para los datos de la aplicación, así que no se pueden guardar las conversaciones. Compruebe que existe su carpeta personal.</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 es una carpeta, no una base de datos de conversaciones. Muévala a otro lugar y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>No se puede crear la carpeta %1 para la base de datos de conversaciones. Compruebe que la ubicación existe y que puede escribir en ella.</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>No se puede escribir en la carpeta %1, así que no se pueden guardar las conversaciones. Compruebe sus permisos.</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>La base de datos de conversaciones %1 es de solo lectura. Compruebe sus permisos.</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>No se puede leer la base de datos de conversaciones %1: %2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>no es una base de datos SQLite</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>La base de datos de conversaciones %1 está dañada (%2) y no se pudo apartar: %3. Muévala usted mismo a otro lugar y vuelva a iniciar Facet.</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>Su historial de conversaciones estaba dañado y no se pudo leer, así que Facet empezó uno nuevo y vacío. El archivo anterior se conservó como %1; herramientas como “.recover” de sqlite3 pueden recuperar conversaciones de él. (Detalles: %2)</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>Falta el controlador SQLite de Qt (QSQLITE), así que no se pueden guardar las conversaciones. Instálelo (Debian: libqt6sql6-sqlite).</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>La comprobación de SQLite encontró: %1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>no se pudo cambiar el nombre</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>desapareció</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>no se pudo cambiar el nombre de %1</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>La base de datos de conversaciones %1 la escribió una versión más reciente de Facet (esquema %2; esta versión lee hasta el %3). Actualice Facet o mueva el archivo a otro lugar para empezar con un historial vacío.</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>La base de datos de conversaciones usa la búsqueda de texto completo de SQLite (FTS5), que no incluye la biblioteca SQLite de este sistema. Instale un SQLite con FTS5.</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>Falló la preparación de la base de datos de conversaciones: %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nuevo chat</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>No existe ninguna conversación con el id %1.</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>No se pudo eliminar el estado guardado del modelo %1 de la conversación. Compruebe los permisos de la carpeta.</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>Rol de mensaje desconocido &quot;%1&quot; (se esperaba system, user, assistant o tool).</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>El adjunto &quot;%1&quot; no es ni una imagen ni audio.</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>No existe ningún mensaje con el id %1 en la conversación %2 al que responder.</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>No existe ningún mensaje con el id %1.</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>No se pudo leer la rama que hay bajo el mensaje %1.</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Creada: %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modelo: %1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>Exportado desde Facet</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Pensamiento</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>Llamadas a herramientas:</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>Audio: %1 (%2, %3 s)</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>Imagen: %1 (%2, %3)</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Error:</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>(respuesta incompleta)</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>Solo una respuesta del asistente puede cerrar un ejemplo de entrenamiento.</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>No se indicó ningún archivo para el ejemplo de entrenamiento.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>No se puede crear la carpeta %1 para los datos de entrenamiento. Elija otra ubicación.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 es una carpeta; elija un archivo para los datos de entrenamiento.</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>No se puede abrir %1 para guardar el ejemplo de entrenamiento: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>No se puede leer %1: %2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>No se pudo guardar el ejemplo de entrenamiento en %1: %2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>La intensidad del adaptador debe estar entre 0 y 2 (se recibió %1).</translation>
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
            <numerusform>queda %n s</numerusform>
            <numerusform>quedan %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>queda %n min</numerusform>
            <numerusform>quedan %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>quedan %1 h %2 min</translation>
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
        <translation>En espera</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>Consultando</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Descargando</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>Verificando</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelado</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Reanudar</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausar</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>&amp;Descartar</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancelar</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>Progreso de %1</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>Reanudar la descarga de %1</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>Pausar la descarga de %1</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>Detiene la descarga y conserva lo descargado; al reanudar continúa desde ahí.</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>Descartar la descarga de %1</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>Cancelar la descarga de %1</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>Quita esta entrada de la lista.</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>Detiene la descarga y borra el archivo parcial.</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>Error de descarga</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Progreso de la descarga</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>Estado de la descarga</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>Modelo en descarga</translation>
    </message>
</context>
<context>
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>Datos</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Entrenamiento</translation>
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
        <translation>Guarda un punto de control y se detiene; Reanudar continúa desde él.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>Termina el entrenamiento ahora y guarda el adaptador tal como está.</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Datos de en&amp;trenamiento:</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>Un archivo JSONL: elija uno o suéltelo aquí</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Archivo de datos de entrenamiento</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>Elegir el archivo de datos de entrenamiento</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>Datos de &amp;validación:</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>Opcional: un archivo JSONL con ejemplos reservados</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>Archivo de datos de validación</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>Elegir el archivo de datos de validación</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>O &amp;reservar:</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>Proporción reservada para validación</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>La proporción de los datos de entrenamiento que se reserva para validación cuando no se indica ningún archivo de validación</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>Omitir las líneas erróneas (entrenar con los ejemplos correctos)</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>Comprobar los datos</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>Primeros ejemplos tal como los ve el modelo (resaltado: lo que aprende a escribir):</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>Problemas de los datos e histograma de longitudes</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>Ejemplos formateados</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Preajuste:</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>&amp;Rango:</translation>
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
        <translation>Proyecciones adaptadas:</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>&amp;Tasa de aprendizaje:</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>Progra&amp;mación:</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>Calentamie&amp;nto:</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>&amp;Épocas:</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>Má&amp;ximo de pasos:</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>Tokens por &amp;lote:</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>Norma máxima del &amp;gradiente:</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>E&amp;valuar cada (pasos):</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>Punto de &amp;control cada (pasos):</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;emilla:</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>Ejemplo más largo (to&amp;kens):</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>Carpeta de &amp;salida:</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>Prompts de pr&amp;ueba:</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>Rápido: rango 8, solo atención, 1 época</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>Equilibrado: rango 16, atención y FFN, 2 épocas</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>Exhaustivo: rango 32, atención y FFN, 3 épocas, lr 1e-4</translation>
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
        <translation>Decaimiento lineal</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Coseno</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>Coseno con reinicios</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>Solo al final</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>Sin recorte</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Carpeta de salida</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>Prompts de prueba</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>Un prompt por línea, que se responde en cada evaluación; vacío: los prompts de los primeros ejemplos de validación</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>Tokens entrenados por paso del optimizador (se acumulan los gradientes de varios ejemplos)</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>Los ejemplos más largos se recortan a esta cantidad de tokens</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>Las respuestas de prueba en cada evaluación necesitan la GPU: la referencia de CPU en la que se ejecuta el modelo no puede ejecutar un adaptador.</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>Respuestas de prueba en cada evaluación (voraces, con el adaptador de ese paso):</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Paso</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>Respuestas de prueba</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Progreso del entrenamiento</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>Chatear con este adaptador</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>Guardar como carpeta PEFT (Hugging Face)…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>Guardar como LoRA GGUF (llama.cpp, Ollama ADAPTER)…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>Pesos como en el modelo</translation>
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
        <translation>Tipo de los pesos fusionados</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>Exportar GGUF fusionado…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>El modelo cargado con el adaptador integrado en sus pesos: un modelo normal para Ollama y llama.cpp</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Progreso de la exportación</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Entrenamiento de un adaptador para &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>No hay ningún modelo cargado: cargue el modelo que quiere ajustar en el panel Modelos.</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Datos de entrenamiento</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>Datos de validación</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Cargue primero un modelo: los datos se miden con su tokenizador.</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>Elija primero los datos de entrenamiento.</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>Comprobando %1…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>Elija un archivo JSONL de ejemplos (o suelte uno aquí): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} o {&quot;text&quot;}, uno por línea.</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>%1 en total: %2 para entrenamiento y %3 para validación.</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 ejemplo</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 ejemplos</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>Se omitirá %n línea errónea.</numerusform>
            <numerusform>Se omitirán %n líneas erróneas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>%n línea errónea: corríjala o elija omitirla.</numerusform>
            <numerusform>%n líneas erróneas: corríjalas o elija omitirlas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>Se recortará %n ejemplo de más de %1 tokens.</numerusform>
            <numerusform>Se recortarán %n ejemplos de más de %1 tokens.</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>advertencia</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>Longitudes: %1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>Validación: %1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>Recortadas (más de %1 tokens): líneas %2</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>Tokens por ejemplo:</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>Línea %1: %2 tokens, %3 entrenados%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation> (recortado)</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>Cargue un modelo para ver qué necesita el entrenamiento.</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>Estimación: unos %1 de memoria de GPU (pesos %2, adaptador de %3 parámetros %4, activaciones %5).</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>Unos %1 para %n paso (%2 tokens a unos supuestos %3 tokens/s; la velocidad medida se muestra cuando el entrenamiento está en marcha).</numerusform>
            <numerusform>Unos %1 para %n pasos (%2 tokens a unos supuestos %3 tokens/s; la velocidad medida se muestra cuando el entrenamiento está en marcha).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>Compruebe los datos para estimar el tiempo.</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>Elija al menos una proyección para adaptar.</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>Elija una carpeta de salida.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Reanudando…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>Preparando los datos y el modelo…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>Pausando después de este paso…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Deteniendo después de este paso…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Paso %1 de %2</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>Este entrenamiento: rango %1, alfa %2 en %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>tasa de aprendizaje %1 (%2), %3 % de calentamiento</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>tokens entrenados por paso: %1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>Entrenando; se reanudó en el paso %1 de %2.</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>Entrenamiento: %n paso.</numerusform>
            <numerusform>Entrenamiento: %n pasos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>Época %1 de %2</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 tokens entrenados/s</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>Pérdida %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>(validación %1)</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>quedan %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>En pausa en el paso %1 de %2; el punto de control está en %3. Reanudar continúa desde él.</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>Detenido en el paso %1 de %2; el adaptador de ese paso está guardado.</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>Entrenamiento terminado: %n paso.</numerusform>
            <numerusform>Entrenamiento terminado: %n pasos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>Adaptador: %1 (LoRA GGUF) y %2 (carpeta PEFT).</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>No hay ningún adaptador terminado en %1.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>No se puede crear %1.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>No se puede escribir %1.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Escribiendo %1…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>Guardar el adaptador PEFT en</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>Adaptador PEFT guardado en %1.</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>Guardar el LoRA GGUF</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>LoRA GGUF guardado en %1.</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>Exportar el modelo fusionado</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>Modelo fusionado exportado a %1.</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>Se canceló la exportación.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>Continúa el entrenamiento desde el punto de control de la carpeta de salida (con la misma configuración y los mismos datos).</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>Inicia el entrenamiento de un adaptador nuevo.</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>Aún no hay adaptador: aquí aparece el adaptador del entrenamiento terminado.</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>Unos %1 para %n paso (%2 tokens entrenados a %3 tokens/s, la velocidad que midió el último entrenamiento con este modelo y dispositivo).</numerusform>
            <numerusform>Unos %1 para %n pasos (%2 tokens entrenados a %3 tokens/s, la velocidad que midió el último entrenamiento con este modelo y dispositivo).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>Avisos sobre la respuesta que se está escribiendo</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Bloque de código.</translation>
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
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Ningún modelo cargado</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>Modelos instalados, el catálogo de Gemma 4 y descargas</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modelos</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Aún no se encontró ningún modelo: descargue uno en el panel Modelos.</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>Conversaciones no disponibles</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>Facet no puede abrir su base de datos de conversaciones: %1
Los chats no se guardarán hasta que se solucione.</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>Base de datos de conversaciones recuperada</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>Exportar conversación</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>Acerca de Facet</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Ejecuta Gemma 4 de Google en su propia GPU mediante Qt RHI. Nada sale de este equipo.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>Las conversaciones y el chat con el modelo</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Adjuntos</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Imágenes y audio para el próximo mensaje, y la grabadora del micrófono</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Ajuste fino</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>Entrenar un adaptador LoRA con sus propios datos</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nuevo chat</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>&amp;Exportar conversación…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configuración…</translation>
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
        <translation>&amp;Detener</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>&amp;Regenerar la última respuesta</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;Adjuntar archivos…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>Iniciar o detener la &amp;grabación</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>Ir al cuadro de mensaje</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>&amp;Adjuntos</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>A&amp;juste fino</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>Mostrar el &amp;pensamiento</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>&amp;Acerca de Facet</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>Cancelar la carga</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>Detiene la carga del modelo</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>Progreso de carga del modelo</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Cargando %1…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>Cargando %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>%1 cargado en %2 en %3 s (contexto de %4 tokens)</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Se canceló la carga de %1.</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>No se pudo cargar %1</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>No se pudo cargar el modelo</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>Facet no pudo cargar %1.</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>Configuración guardada. Los cambios de GPU y de contexto se aplicarán la próxima vez que se cargue un modelo.</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>%1 cargado en %2 en %3 s (contexto limitado a %4 tokens, el máximo de este modelo)</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>No se pudo iniciar el servidor de la API: %1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API: %n solicitud</numerusform>
            <numerusform>API: %n solicitudes</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API activa</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>El servidor de la API escucha en %1; responde en cuanto se carga un modelo.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>El servidor de la API sirve %1 en %2.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>El servidor de la API sirve %1 en %2, y los adaptadores del chat como %3.</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>Prompt del sistema</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>Usted</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de herramienta</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Su mensaje</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>Texto (%1)</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>Seleccione texto con el teclado o el ratón; los enlaces se abren en su navegador</translation>
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
        <translation>Llamada a herramienta: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>Escribiéndose</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Error: %1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Versión %1 de %2</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Mensaje del sistema</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Mensaje del usuario</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Mensaje del asistente</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>Mensaje de herramienta</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>Resultado de herramienta: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>Copiar el mensaje completo (Markdown)</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>Copia el texto de este mensaje con su Markdown al portapapeles</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>Editar este mensaje y volver a enviarlo</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>Abre un editor para este mensaje; al guardar se vuelve a enviar como una versión nueva</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>Volver a escribir esta respuesta</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>Pide al modelo una respuesta nueva en lugar de esta</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>Dejar de leer en voz alta</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>Deja de leer en voz alta esta respuesta</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Leer en voz alta</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>No hay ningún motor de voz instalado, así que las respuestas no se pueden leer en voz alta. Instale uno (en Debian: speech-dispatcher y el complemento de voz de Qt) y reinicie Facet.</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>No disponible: no hay ningún motor de voz instalado</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>Leer esta respuesta en voz alta</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>Lee la respuesta en voz alta sin los símbolos de Markdown ni los bloques de código</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>Guardar como ejemplo</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>Guardar este intercambio como ejemplo de entrenamiento</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>Añade la pregunta y esta respuesta a un conjunto de datos de ajuste fino</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>Eliminar este mensaje</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>Quita este mensaje de la conversación</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Versión anterior</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Versión siguiente</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>Pensó durante %n s</numerusform>
            <numerusform>Pensó durante %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>Pensamientos</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Ocultar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Mostrar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Razonamiento: %1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>Expandido; pulse Espacio para ocultar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>Contraído; pulse Espacio para mostrar el razonamiento del modelo</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>El razonamiento del modelo</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>Texto que el modelo escribió antes de su respuesta</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Algo salió mal</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>Qué hacer: %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Qué hacer</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Imagen: %1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>Audio: %1, %2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Editar mensaje</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Ctrl+Intro guarda y vuelve a enviar; Esc cancela</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>Guardar &amp;&amp; reenviar</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>Guardar y reenviar</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>Sustituye el mensaje por el texto editado y pide una respuesta nueva</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Cancelar la edición</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>Deja el mensaje como estaba</translation>
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
        <translation>Archivo abierto %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>Este modelo está en el almacén de Ollama, que Facet solo lee. Elimínelo con &quot;ollama rm %1&quot;.</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>Este archivo pertenece a LM Studio, que Facet solo lee. Elimínelo en LM Studio.</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>Facet no descargó este archivo, así que no lo borra. Use &quot;Olvidar&quot; para quitarlo de la lista.</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>Escriba un nombre de Ollama como gemma4:e2b, o la dirección de un archivo GGUF en Hugging Face.</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>No es una dirección web válida.</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>Use una dirección https://: no se descarga por http sin cifrar.</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>Solo se pueden descargar direcciones https://.</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>Solo se pueden descargar direcciones de Hugging Face (huggingface.co); para modelos de Ollama escriba el nombre, p. ej. gemma4:e2b.</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>Esta dirección de Hugging Face no apunta a un archivo. Abra el archivo en la página &quot;Files&quot; del repositorio y copie su enlace de descarga, como %1.</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>La dirección contiene caracteres que un nombre de repositorio o archivo de Hugging Face no puede tener.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>&quot;%1&quot; no es un archivo GGUF. Facet solo ejecuta archivos .gguf.</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>Para descargar un archivo de Hugging Face, indique también el repositorio: ORG/REPO/FILE.gguf (por ejemplo unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>&quot;%1&quot; no es un nombre válido de Hugging Face: la organización, el repositorio y el archivo solo pueden contener letras, dígitos, &apos;-&apos;, &apos;_&apos; y &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>Los nombres de modelo no contienen espacios. Escriba un nombre de Ollama como gemma4:e2b o library/gemma4:e4b.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>&quot;%1&quot; no es un nombre de modelo de Ollama. Use NOMBRE:ETIQUETA o ESPACIO/NOMBRE:ETIQUETA, por ejemplo gemma4:e2b o library/gemma4:e4b.</translation>
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
        <translation>Modelos en este equipo, el catálogo de Gemma 4 y descargas</translation>
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
        <translation>Cambiar entre los modelos instalados y el catálogo</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Longitud de conte&amp;xto:</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Longitud de contexto</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>Tokens que puede contener una conversación; las estimaciones de memoria son para esta longitud</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Los contextos más largos necesitan más memoria de GPU para la caché KV.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualizar</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>Actualizar la lista de modelos</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>Vuelve a buscar en la carpeta de Facet, el almacén de Ollama y las carpetas de LM Studio</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>&amp;Abrir GGUF…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Abrir un archivo GGUF</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>Añade a la lista un archivo GGUF de Gemma 4 de cualquier lugar de este equipo</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>Torres</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>Memoria (GPU / host)</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>Modelos instalados</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>Modelos Gemma 4 encontrados en este equipo con tamaño, cuantización, torres y la memoria que necesitan; pulse Intro para cargar el seleccionado</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Cargar</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>Cargar modelo</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>Carga el modelo seleccionado en la GPU para chatear</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Descargar de memoria</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Descargar el modelo de memoria</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>Libera la memoria de GPU que usa el modelo cargado</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Eliminar…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Eliminar modelo</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>Elimina los archivos del modelo seleccionado; solo para modelos que descargó Facet</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Mostrar en la &amp;carpeta</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Mostrar en la carpeta</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>Abre la carpeta que contiene el archivo del modelo</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>&amp;Olvidar</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>Olvidar el archivo abierto</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>Quita de la lista un archivo abierto con Abrir GGUF; el archivo se queda en el disco</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>Estado de la biblioteca</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>Problemas de la búsqueda</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>Muestra los archivos omitidos al buscar modelos, y por qué</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>Archivos omitidos, y por qué</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>No se encontró ningún modelo Gemma 4 en este equipo.</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>Descargue uno abajo: E2B es pequeño y rápido, E4B da mejores respuestas. Los modelos que ya tenga en Ollama o LM Studio aparecen automáticamente.</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>No hay modelos instalados</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>Tamaño de descarga (aprox.)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descripción</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Catálogo de Gemma 4</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>Modelos Gemma 4 que se pueden descargar; los tamaños son aproximados</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>Descargar otro &amp;modelo (nombre de Ollama o GGUF de Hugging Face):</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b, library/gemma4:e4b o huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>Modelo para descargar</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>Un nombre de Ollama como gemma4:e2b, la dirección de un archivo de Hugging Face u ORG/REPO/FILE.gguf; pulse Intro para descargar</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>Des&amp;cargar</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>Descargar el modelo escrito</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>Empieza a descargar el modelo indicado en el campo</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>Problema con el nombre de descarga</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Descargas</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>Descargas en curso y terminadas</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>Buscando modelos…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>Estimando la memoria…</translation>
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
        <translation>Archivo abierto</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1 (cargado)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegible</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>Proporción de los pesos por tipo: %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>Con %1 tokens: %2 de memoria de GPU (pesos %3, caché KV %4, activaciones %5) y %6 de memoria del host además del archivo mapeado.</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>Este modelo admite como máximo %1 tokens.</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>no se puede ejecutar</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>No se encontraron modelos.</translation>
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
        <translation>Se omitieron algunos archivos; haga clic para ver los detalles.</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>Este modelo está cargado. Descárguelo de memoria primero.</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>Abrir un archivo GGUF de Gemma 4</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Modelos GGUF (*.gguf);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>No se puede usar este archivo</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 no se puede usar como modelo:
%2

Elija un archivo GGUF de Gemma 4 (general.architecture &quot;gemma4&quot;).</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>No se puede eliminar</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>¿Eliminar %1 (%2) de la carpeta de modelos de Facet? No se puede deshacer.</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 no está en la lista de modelos.</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 no está dentro de la carpeta de modelos de Facet %2; no se eliminó.</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>No se pudo eliminar %1: %2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>No se puede mostrar el catálogo: %1</translation>
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
        <translation>Descargar</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 está instalado</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>Descargar %1 de %2</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>Aproximadamente %1; %2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>Las descargas no están disponibles en esta versión.</translation>
    </message>
    <message>
        <source>vision %1</source>
        <translation>visión %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>audio %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>Se carga cuando se envía una imagen o una grabación: %1.</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>No se añadió “%1”: %2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>un mensaje puede llevar como máximo %1 adjuntos. Quite uno o envíe primero este mensaje.</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>No se añadieron “%1” y %2 más: %3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>No se añadió nada: %1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Imagen pegada</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>No se encontró ningún micrófono</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>Volver a grabar</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Grabar</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>Detener la grabación</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>Detiene la grabación y conserva la toma</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>Graba desde el micrófono elegido; una toma nueva sustituye a la actual</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>Detener la reproducción</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Reproducir la grabación</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>Reproduce la grabación por los altavoces o los auriculares</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>No se encontró ningún micrófono. Conecte uno y aparecerá aquí.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>Duración de la grabación</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>Grabación de las %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>La grabación se adjuntó al mensaje.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>Grabar una indicación de voz para adjuntarla al mensaje</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>&amp;Entrada:</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>La entrada desde la que se graba</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>Nivel de entrada</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>Qué tan alto suena el micrófono mientras se graba</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>Descartar la grabación</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>Desecha la grabación</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Adjuntar</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>Adjuntar la grabación</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>Añade la grabación al mensaje que se está escribiendo</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>Estado de la grabadora</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>Mensajes sobre la grabación</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>Muestreo</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>Cómo elige el modelo cada token siguiente de una respuesta</translation>
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
        <translation>Aleatoriedad de la respuesta: 0 toma siempre el token más probable, 1 sigue las probabilidades del propio modelo, los valores más altos son más sorprendentes</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>Cuán aleatoria es la respuesta. 0 toma siempre el token más probable (voraz); 1 muestrea según las probabilidades del propio modelo; los valores más altos dan un texto más variado y menos centrado.</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (voraz)</translation>
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
        <translation>Solo se pueden elegir los k tokens más probables; 0 desactiva este límite</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>Solo se tienen en cuenta los k tokens siguientes más probables. Los valores pequeños mantienen la respuesta centrada. 0 desactiva el límite.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
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
        <translation>Solo se pueden elegir los tokens más probables que juntos alcanzan esta probabilidad; 1 desactiva este límite; debe ser mayor que 0</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>Muestreo de núcleo: solo se tienen en cuenta los tokens más probables cuyas probabilidades suman p. 1 lo desactiva; debe ser mayor que 0.</translation>
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
        <translation>Se descartan los tokens menos probables que esta fracción del más probable; 0 lo desactiva</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>Descarta los tokens cuya probabilidad está por debajo de esta fracción de la del token más probable. 0 lo desactiva.</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Penalización por &amp;repetición:</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Penalización por repetición</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>Por encima de 1 hace menos probables los tokens que ya aparecieron, por debajo de 1 más probables; 1 la desactiva; debe ser mayor que 0</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>Divide la puntuación de los tokens que aparecieron recientemente. Por encima de 1 desalienta las repeticiones, por debajo de 1 las fomenta, 1 la desactiva. Debe ser mayor que 0.</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>Penalización por pr&amp;esencia:</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>Penalización por presencia</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>Resta esta cantidad a la puntuación de cada token que ya apareció; 0 la desactiva</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>Se resta una sola vez de la puntuación de cada token que apareció recientemente, sin importar cuántas veces. Los valores positivos llevan al modelo hacia palabras y temas nuevos. 0 la desactiva.</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>Penalización por &amp;frecuencia:</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>Penalización por frecuencia</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>Resta esta cantidad a la puntuación de un token por cada vez que ya apareció; 0 la desactiva</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>Se resta de la puntuación de un token una vez por cada aparición reciente, de modo que las palabras muy repetidas se vuelven más raras. 0 la desactiva.</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>Má&amp;ximo de tokens:</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>Máximo de tokens por respuesta</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>La respuesta se detiene tras este número de tokens; 0 significa sin límite, hasta que el modelo se detenga o el contexto se llene</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>El máximo de tokens que puede tener una respuesta. Sin límite: hasta que el modelo termine su respuesta o el contexto se llene.</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>&amp;Semilla fija:</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>Usar una semilla fija</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>Si está marcada, la misma pregunta con la misma configuración da la misma respuesta; si no, cada respuesta usa una semilla aleatoria nueva</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>Con una semilla fija, las elecciones aleatorias se repiten exactamente, así que una respuesta se puede reproducir. Sin ella, cada respuesta toma una semilla nueva.</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>Un número entero de 0 a 18446744073709551615 que inicia las elecciones aleatorias</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>por ejemplo, 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>Un número entero de 0 a 18446744073709551615.</translation>
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
        <translation>El modelo razona paso a paso antes de responder; más lento, a menudo mejor para preguntas difíciles</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>Gemma 4 puede razonar antes de responder. La respuesta tarda más; el pensamiento se puede mostrar en el chat.</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>Restablecer los valores predeterminados de &amp;Gemma 4</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>Restablecer los valores predeterminados de Gemma 4</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>Establece temperatura 1,0, top-k 64, top-p 0,95 y desactiva todas las demás opciones</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>Temperatura 1,0, top-k 64, top-p 0,95, sin penalizaciones, sin límite.</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>Problemas con la configuración de muestreo</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>Notas sobre la configuración de muestreo</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Máximo de tokens</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p debe ser mayor que 0 (1 lo desactiva); con 0 no se podría elegir ningún token.</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>La penalización por repetición debe ser mayor que 0 (1 la desactiva).</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>Introduzca una semilla o desmarque &quot;Semilla fija&quot; para usar una semilla aleatoria nueva en cada respuesta.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>La semilla debe ser un número entero de 0 a 18446744073709551615.</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>El motor rechaza esta configuración: %1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 no era un número; se estableció en %2.</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>%1 %2 no se puede usar; se cambió a %3.</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>Con temperatura 0 siempre se toma el token más probable: top-k, top-p, min-p y la semilla no tienen efecto.</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>Una penalización por repetición menor que 1 hace más probables las repeticiones.</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>Las preferencias de Facet, una página por tema</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Páginas de configuración</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>Configuración general, de GPU, de modelo, de muestreo, de descargas y de ajuste fino; Ctrl+Tab pasa a la página siguiente</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
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
        <translation>Muestreo</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Descargas</translation>
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
        <translation>El idioma de los menús y mensajes de Facet; cambia en cuanto lo aplica</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>Cada idioma aparece con su propio nombre.</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Predeterminado del sistema (%1)</translation>
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
        <translation>Los colores de Facet: los del sistema, o los colores claros u oscuros propios de Facet</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Seguir al sistema</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>&quot;Seguir al sistema&quot; mantiene los colores que su escritorio da a Facet. Esta versión de Qt no puede detectar por sí sola un escritorio oscuro; elija Oscuro si Facet sigue claro en un escritorio oscuro.</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>Mostrar el &amp;pensamiento del modelo en el chat</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>Mostrar el pensamiento</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>Cuando el modelo piensa antes de responder, mostrar su pensamiento, plegado, encima de la respuesta</translation>
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
        <translation>La interfaz de GPU con la que calcula Facet; Automática elige la mejor que funcione</translation>
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
        <translation>Dispositivo GPU</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>Qué GPU ejecuta el modelo cuando el equipo tiene más de una</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Longitud de conte&amp;xto:</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Longitud de contexto</translation>
    </message>
    <message>
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>Cuántos tokens puede contener una conversación; los contextos más largos necesitan más memoria de GPU</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Los contextos más largos necesitan más memoria de GPU para la caché KV.</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>Una conversación más larga que esto olvida su comienzo. La nueva longitud se aplica la próxima vez que se carga un modelo.</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>Memoria necesaria</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>Las conversaciones nuevas empiezan con estos valores; cada conversación puede cambiar los suyos.</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>Dirección del &amp;registro:</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>Dirección del registro</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>El registro de Ollama del que se descargan los modelos; déjelo vacío para usar %1</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>Déjelo vacío para usar el registro oficial, %1.</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>Problema con la dirección del registro</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Datos de en&amp;trenamiento:</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Archivo de datos de entrenamiento</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>El archivo JSONL con el que empieza el panel Ajuste fino, un ejemplo por línea</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Ningún archivo elegido</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Examinar…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>Buscar los datos de entrenamiento</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>Abre un diálogo para elegir un archivo JSONL</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>Nota sobre el archivo de datos de entrenamiento</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>Botones del diálogo</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>Guarda la configuración y cierra el diálogo</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>Guarda la configuración y mantiene abierto el diálogo</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>Cierra el diálogo sin guardar los cambios</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>Pone los valores predeterminados en todas las páginas; Aceptar o Aplicar los guarda</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1 (no encontrada)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>&quot;%1&quot; no es una dirección web. Introduzca una que empiece por https:// o http:// e indique un servidor, por ejemplo %2, o deje el campo vacío para usar esa.</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>Este archivo no existe (todavía). El panel Ajuste fino lo volverá a indicar cuando inicie el entrenamiento.</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>Esto es una carpeta; elija un archivo JSONL que esté dentro.</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>Elegir los datos de entrenamiento</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>A&amp;ctivaciones de 8 bits:</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>Activaciones de 8 bits</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>Si los productos de matrices grandes redondean sus entradas a 8 bits en las GPU que lo hacen rápido; respuestas más rápidas, resultados ligeramente distintos</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>Automático (si la GPU tiene un producto escalar int8 rápido)</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>Desactivado (todos los productos en coma flotante)</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>Automático: en las GPU con un producto escalar rápido de enteros de 8 bits, los productos de matrices más grandes de cada token generado redondean sus entradas a 8 bits, lo que acelera las respuestas. Esto cambia ligeramente los resultados: el modelo puede elegir otras palabras que con Desactivado. Desactivado: todos los productos en coma flotante de 32 bits, como los calcula la referencia.</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>&amp;Espera de la GPU:</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>Espera de la GPU</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Cómo espera Facet a la GPU: adaptativo para la menor latencia o en reposo para el menor uso de CPU</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>Adaptativo (baja latencia)</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>Reposo (mínimo uso de CPU)</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>Adaptativo: mientras la GPU calcula un paso, Facet comprueba si ha terminado durante aproximadamente lo que tardaron los últimos pasos y luego entra en reposo; las respuestas llegan un poco antes y un núcleo de la CPU está ocupado mientras el modelo genera. Reposo: Facet queda en reposo hasta que la GPU termina; el menor uso de CPU, respuestas algo más lentas. Se aplica a Vulkan.</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>Los cambios de esta página se aplican la próxima vez que se cargue un modelo.</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>&amp;Tokens por imagen:</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>Tokens por imagen</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>Cuántos tokens de contexto ocupa una imagen: con más se ven detalles más finos</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>Más tokens permiten al modelo ver detalles más finos (documentos, texto pequeño) y ocupan más contexto.</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>&amp;Mantener cargados los codificadores de imagen y audio</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>Mantener cargados los codificadores de imagen y audio</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>Desactivado: se liberan después de cada mensaje, lo que ahorra memoria</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>Desactivado: se liberan después de cada mensaje, lo que ahorra memoria y hace más lentos los adjuntos.</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>Una imagen ocupa como máximo esta cantidad de tokens de contexto; el audio, 25 tokens por segundo.</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>&amp;Servir el modelo cargado a otros programas (API de OpenAI)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>Servir el modelo cargado a otros programas</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>Una API compatible con OpenAI solo en este equipo; desactivada por defecto</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>&amp;Puerto de la API:</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Puerto de la API</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>El puerto TCP de este equipo por el que los programas llegan al modelo</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>Los programas de este equipo llegan al modelo en %1 (completados de chat y de texto, lista de modelos); otros equipos no pueden. Sus solicitudes esperan detrás de su propio chat y se muestran en la barra de estado.</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>Pérdida de entrenamiento</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Pérdida de validación</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Tasa de aprendizaje</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>Norma del gradiente</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Paso</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>Gráfico de pérdida</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>Pérdida de entrenamiento y de validación a lo largo de los pasos del optimizador</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>Gráfico de la tasa de aprendizaje y la norma del gradiente</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>no empieza con una cabecera WAV</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>su cabecera de formato está dañada (es más corta que los 16 bytes que necesita)</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>no tiene cabecera de formato</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>no contiene datos de audio</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>su cabecera indica un número de canales imposible (%1)</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>su cabecera indica una frecuencia de muestreo imposible (%1 Hz)</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>contiene audio %1, que el lector WAV de Facet no decodifica</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>contiene audio con la codificación 0x%1, que el lector WAV de Facet no decodifica</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>su cabecera es incoherente (%1 bits por muestra en bloques de %2 bytes para %3 canales)</translation>
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
        <translation>%1 canales</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>PCM de %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>coma flotante de %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>ley A, %1 Hz, %2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>ley μ, %1 Hz, %2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>no contiene audio (0 muestras)</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>dura %1</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>La cabecera del archivo de audio está dañada (indica %1 canales a %2 Hz).</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>La grabación dura %1; Facet admite como máximo %2 de audio. Divídala en fragmentos más cortos y adjúntelos.</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>Se canceló la decodificación del audio.</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>La grabación dura más de %1, el máximo de audio que admite Facet. Divídala en fragmentos más cortos y adjúntelos.</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>No se pudo decodificar el archivo de audio: %1. Puede que esté dañado.</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>El archivo de audio no contiene sonido (0 muestras).</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>El archivo de audio está dañado a partir de %1; solo se usó la parte anterior.</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>Facet no puede leer este archivo de audio: no está en un formato que Facet conozca (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) o está dañado (%1).</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>El archivo de audio %1 no existe.</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>El archivo de audio %1 está vacío (0 bytes).</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>El archivo de audio está vacío (0 bytes).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>El codificador de audio del modelo tiene una capa lineal de ancho %1, que los kernels de GPU no admiten (se necesita un múltiplo de 4).</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>El audio tiene una frecuencia de muestreo imposible (%1 Hz).</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>No se pudo remuestrear el audio desde %1 Hz: %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>El codificador de audio del modelo tiene una forma que los kernels de GPU no admiten (bloque de atención %1, contexto izquierdo %2, contexto derecho %3, canales de convolución %4 y %5, ancho %6).</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>La GPU no pudo alojar los pesos del codificador de audio (%1). Cierre otros programas que usen la GPU o use un modelo más pequeño.</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>El clip de audio es demasiado largo para el codificador de audio en la GPU (%1 tramas); divídalo en clips más cortos.</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>La GPU no pudo preparar el codificador de audio (%1). Cierre otros programas que usen la GPU o grabe un clip más corto.</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>Las características de audio tienen un tamaño incorrecto (%1 valores para %2 tramas de %3 bandas mel).</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>La máscara de características de audio tiene %1 entradas para %2 tramas.</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>La GPU falló al codificar el audio: %1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>Se canceló la codificación del audio.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>El codificador de audio del modelo está incompleto: falta el tensor %1. Puede que el archivo esté dañado o que se haya convertido sin el codificador de audio; vuelva a descargarlo.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>El codificador de audio del modelo tiene el tensor %1 con forma %2, pero se esperaba %3; el archivo está dañado o se hizo para otro modelo.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>El codificador de audio del modelo guarda el tensor %1 en un tipo que Facet no puede leer.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>El codificador de audio del modelo tiene el tensor %1 en una disposición que Facet no puede leer.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>El codificador de audio del modelo tiene el tensor de recorte %1 con %2 valores, pero se esperaba 1.</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>Este modelo no tiene codificador de audio (no hay metadatos gemma4.audio), así que no puede procesar audio. Use un archivo Gemma 4 E2B o E4B con audio, o añada su archivo mmproj.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>Los metadatos del codificador de audio del modelo son incoherentes (%1 capas, ancho %2, %3 cabezas).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>El codificador de audio del modelo tiene el tensor a.conv1d.0.weight con forma %1, pero se esperaba [3, 3, 1, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>El codificador de audio del modelo tiene el tensor a.conv1d.1.weight con forma %1, pero se esperaba [3, 3, channels, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>El codificador de audio del modelo tiene el tensor a.blk.0.conv_dw.weight con kernel %1, pero los metadatos indican %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>El codificador de audio del modelo tiene el tensor mm.a.input_projection.weight con ancho de salida %1, pero el ancho del modelo de texto es %2.</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>no se indicó ningún nombre de modelo ni URL</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>&apos;%1&apos; no es una URL válida</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>&apos;%1&apos;: un archivo de Hugging Face se escribe org/repo/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>&apos;%1&apos; no apunta a un archivo .gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>&apos;%1&apos;: la URL de un archivo de Hugging Face tiene este aspecto: https://huggingface.co/org/repo/resolve/main/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>&apos;%1&apos; no es un nombre de modelo (como gemma4:e2b o library/gemma4:e2b), ni una URL GGUF de Hugging Face, ni org/repo/file.gguf</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>no se indicó ningún nombre de modelo</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>no se conoce la carpeta de modelos de Facet</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>no se encuentra el manifiesto de &apos;%1&apos;</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>no se puede eliminar %1: %2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>no se puede eliminar %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>&apos;%1&apos; está en el almacén de Ollama (%2); Facet nunca elimina archivos de Ollama: elimínelo con `ollama rm %1`</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>&apos;%1&apos; pertenece a LM Studio (%2); elimínelo en LM Studio</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 no está en la carpeta de modelos de Facet (%2); Facet solo elimina los archivos que descargó</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>no hay ningún modelo &apos;%1&apos; en la carpeta de modelos de Facet %2 (consulte facet-cli list)</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>se abandonó tras %1 intentos: %2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>demasiadas redirecciones (más de %1) para %2</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>no se encontró el modelo &apos;%1&apos; en el registro %2: compruebe el nombre y la etiqueta (por ejemplo gemma4:e2b)</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>el registro %1 denegó el acceso a &apos;%2&apos; (HTTP %3)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 de %2</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>no se puede contactar con el registro %1: %2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>el registro envió un manifiesto inutilizable para &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>mayor de 1 MiB</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>no es un objeto JSON</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion no es 2</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 capas</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>hash de capa no válido &apos;%1&apos;</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>tamaño no válido para la capa %1</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>tiene %1 capas de modelo (se esperaba exactamente 1)</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>no hay suficiente espacio libre en %1: la descarga necesita %2 más y hay %3 disponibles. Libere espacio y vuelva a descargar (la descarga se reanudará)</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>pesos del modelo</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>capa %1 de %2</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>su arquitectura es &apos;%1&apos;</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>no tiene general.architecture</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>&apos;%1&apos; se descargó y verificó, pero no es un modelo Gemma 4 (%2); Facet solo ejecuta Gemma 4, así que se eliminó</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>no se puede escribir el manifiesto %1: %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>el servidor redirigió %1 de HTTPS a HTTP sin cifrar; rechazado</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>no se encontró &apos;%1&apos; (HTTP 404): compruebe la organización, el repositorio y el nombre del archivo</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>se denegó el acceso a &apos;%1&apos; (HTTP %2): puede que el repositorio sea de acceso restringido o privado</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>&apos;%1&apos; se descargó, pero no es un modelo ni un proyector de Gemma 4 (%2); Facet solo ejecuta Gemma 4, así que se eliminó</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>la URL del registro &apos;%1&apos; no es válida</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>no se puede crear la carpeta %1</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>otro proceso de Facet está descargando %1 en este momento; espere a que termine</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>no se puede escribir %1: %2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>error interno: faltan partes de %1</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>el archivo del servidor cambió de tamaño (se esperaban %1 bytes, el servidor indica %2); vuelva a descargarlo</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>el servidor envía %1 bytes para %2, se esperaban %3</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>no se puede escribir la descarga en %1: %2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>sin datos durante %1 s</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>demasiadas redirecciones (más de %1) para %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>el servidor redirigió %1 de HTTPS a HTTP sin cifrar; rechazado</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>no se encontró en el servidor (HTTP %1): %2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>acceso denegado (HTTP %1) para %2: puede que el archivo requiera iniciar sesión o que no sea público</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>el servidor rechazó el rango de bytes (HTTP 416): el archivo cambió en el servidor; vuelva a descargarlo para empezar de nuevo</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>el servidor rechazó %1 (HTTP %2 %3)</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>redirección sin un destino utilizable (HTTP %1) para %2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 de %2</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>la conexión se cerró después de %1 de %2 bytes</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>la descarga falló tras %1 intentos: %2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>el archivo descargado tiene %1 bytes, se esperaban %2; se borró, vuelva a descargarlo</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>no se puede volver a leer %1: %2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>los datos descargados no coinciden con su hash sha256 (se esperaba %1, se obtuvo %2); se borró el archivo dañado. Vuelva a descargarlo; si esto se repite, el servidor o la réplica está sirviendo un archivo corrupto</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>no se puede mover %1 a su ubicación definitiva: %2</translation>
    </message>
</context>
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Una imagen de esta conversación no tiene datos (puede que se haya eliminado del disco). Quítela y vuelva a adjuntarla.</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Una grabación de esta conversación no tiene datos (puede que se haya eliminado del disco). Quítela y vuelva a adjuntarla.</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>No se puede leer el archivo del proyector %1 que está junto al modelo: %2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 no tiene codificador de imágenes, así que no puede leer imágenes. Use un archivo Gemma 4 con sus pesos de visión (los modelos gemma4 de Ollama los tienen) o ponga a su lado el archivo de proyector mmproj-*.gguf del modelo.</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 no tiene codificador de audio, así que no puede leer audio. Use un archivo Gemma 4 E2B o E4B con sus pesos de audio o ponga a su lado el archivo de proyector mmproj-*.gguf del modelo.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>No se puede cargar el codificador de imágenes: %1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>El codificador de imágenes proyecta a un ancho de %1, pero el ancho de texto del modelo es %2: el archivo del proyector no corresponde a este modelo.</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>La grabación no contiene sonido (está vacía).</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>No se puede cargar el codificador de audio: %1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>El codificador de audio proyecta a un ancho de %1, pero el ancho de texto del modelo es %2: el archivo del proyector no corresponde a este modelo.</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>El vocabulario del modelo no tiene el token %1, así que no puede leer imágenes ni audio. Use un archivo de modelo Gemma 4 con los tokens multimodales.</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>Inicie un chat nuevo, elimine mensajes anteriores o aumente la longitud de contexto en la Configuración.</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>Vuelva a intentarlo. Si sigue fallando, vuelva a cargar el modelo o elija otro backend de GPU en la Configuración.</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>El motor se ha apagado.</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 no es un modelo Gemma 4 (su arquitectura es &quot;%2&quot;). Facet ejecuta Gemma 4 E2B y E4B; elija uno de ellos en el panel Modelos.</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>Referencia de CPU (lenta)</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>Backend de GPU desconocido: &quot;%1&quot;. Elija uno de los backends que aparecen en la Configuración.</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>No hay ninguna GPU utilizable: %1. Actualice el controlador gráfico o elija otro backend de GPU u otro dispositivo en la Configuración.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>No hay ningún modelo cargado.</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>Cargue un modelo en el panel Modelos.</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>Configuración de muestreo no válida: %1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>Corríjala en la configuración de la conversación.</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>La conversación está vacía.</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>Escriba un mensaje.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>Se está entrenando un adaptador LoRA con el modelo cargado. Pause o detenga el entrenamiento en el panel Ajuste fino y luego cargue otro modelo.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>Se está entrenando un adaptador LoRA con este modelo.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>El entrenamiento está en marcha: páuselo o deténgalo en el panel Ajuste fino para chatear.</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>Quite los adjuntos de esta conversación o cargue un modelo que pueda leerlos.</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>Elija otro adaptador para esta conversación o desactívelo.</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>Quite o sustituya el adjunto y vuelva a enviar.</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>Ya hay un entrenamiento en curso.</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>Páuselo o deténgalo antes de iniciar otro.</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Cargue primero un modelo: los datos se miden con su tokenizador.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… y %n más</numerusform>
            <numerusform>… y %n más</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>Cargue el modelo que quiere entrenar en el panel Modelos.</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>Los datos de entrenamiento tienen %n ejemplo erróneo:</numerusform>
            <numerusform>Los datos de entrenamiento tienen %n ejemplos erróneos:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>Corrija esas líneas, o elija omitir las líneas erróneas y entrenar con %n ejemplo correcto.</numerusform>
            <numerusform>Corrija esas líneas, o elija omitir las líneas erróneas y entrenar con los %n ejemplos correctos.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>No hay nada con lo que entrenar: %1 no contiene ningún ejemplo utilizable.</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>Elija un archivo JSONL con al menos un ejemplo.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>No se puede crear la carpeta %1.</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>Elija otra carpeta de salida.</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>El entrenamiento no puede ejecutarse con este modelo: %1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>Vuelva a cargar el modelo o elija otro dispositivo en la Configuración.</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>Elija otra carpeta de salida, o la configuración y los datos del entrenamiento que contiene.</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>Reduzca la tasa de aprendizaje o compruebe los datos y vuelva a empezar (se conserva el último punto de control).</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>No se puede guardar el adaptador: %1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>Compruebe el espacio libre y los permisos de la carpeta de salida.</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>Cargue primero el modelo base con el que se entrenó el adaptador.</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>Tipo de fusión desconocido: &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>No se puede leer el adaptador %1: %2</translation>
    </message>
</context>
</TS>
