<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
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
    <name>facet::app::MainWindow</name>
    <message>
        <source>Facet</source>
        <translation>Facet</translation>
    </message>
    <message>
        <source>Welcome to Facet</source>
        <translation>Bienvenido a Facet</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>Ejecuta Gemma 4 en tu propia GPU. Nada sale de este ordenador.</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>Bienvenida</translation>
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
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>%1 seleccionado; el motor de chat aún no está conectado en esta versión.</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Aún no se encontró ningún modelo: descargue uno en el panel Modelos.</translation>
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
</TS>
