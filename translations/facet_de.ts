<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
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
        <translation>Am kleinsten und schnellsten; läuft auf den meisten GPUs.</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>Bessere Antworten; braucht etwa doppelt so viel Speicher wie E2B.</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 Bit: der übliche Kompromiss aus Größe und Qualität.</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 Bit: nahe am Original, größer.</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>Nicht quantisierte Originalgewichte, am größten.</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>Text, Bilder und Audio.</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>Nur Text.</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>Der Katalog %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>Der Katalog %1 ist kein gültiges JSON: %2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>ein Feld fehlt oder ist ungültig</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>Katalogeintrag %1 (%2): %3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>Der Katalog %1 enthält keine Modelle.</translation>
    </message>
</context>
<context>
    <name>facet::app::DownloadRow</name>
    <message numerus="yes">
        <source>%n s left</source>
        <translation>
            <numerusform>noch %n s</numerusform>
            <numerusform>noch %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>noch %n min</numerusform>
            <numerusform>noch %n min</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>noch %1 h %2 min</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>Wird nachgeschlagen</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Angehalten</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>Wird geprüft</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>&amp;Ausblenden</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>Fortschritt von %1</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>Download von %1 fortsetzen</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>Download von %1 anhalten</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>Hält den Download an und behält das bereits Geladene; Fortsetzen macht dort weiter.</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>Download von %1 ausblenden</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>Download von %1 abbrechen</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>Entfernt diesen Eintrag aus der Liste.</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>Bricht den Download ab und löscht die unvollständige Datei.</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>Downloadfehler</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Downloadfortschritt</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>Downloadstatus</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>Herunterzuladendes Modell</translation>
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
        <translation>Willkommen bei Facet</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>Führen Sie Gemma 4 auf Ihrer eigenen GPU aus. Nichts verlässt diesen Computer.</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>Willkommen</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>Installierte Modelle, der Gemma-4-Katalog und Downloads</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modelle</translation>
    </message>
    <message>
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>%1 ausgewählt; die Chat-Engine ist in dieser Version noch nicht angebunden.</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Noch kein Modell gefunden: Laden Sie eines im Bereich „Modelle“ herunter.</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLibrary</name>
    <message>
        <source>Opened file %1: %2</source>
        <translation>Geöffnete Datei %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>Dieses Modell liegt im Speicher von Ollama, den Facet nur liest. Entfernen Sie es mit „ollama rm %1“.</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>Diese Datei gehört zu LM Studio, das Facet nur liest. Entfernen Sie sie in LM Studio.</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>Facet hat diese Datei nicht heruntergeladen und löscht sie daher nicht. Mit „Vergessen“ nehmen Sie sie von der Liste.</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>Geben Sie einen Ollama-Namen wie gemma4:e2b oder die Adresse einer GGUF-Datei auf Hugging Face ein.</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>Dies ist keine gültige Webadresse.</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>Verwenden Sie eine https://-Adresse: Über unverschlüsseltes http wird nicht heruntergeladen.</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>Nur https://-Adressen können heruntergeladen werden.</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>Nur Hugging-Face-Adressen (huggingface.co) können heruntergeladen werden; für Ollama-Modelle geben Sie den Namen ein, z. B. gemma4:e2b.</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>Diese Hugging-Face-Adresse zeigt auf keine Datei. Öffnen Sie die Datei auf der Seite „Files“ des Repositorys und kopieren Sie ihren Download-Link, etwa %1.</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>Die Adresse enthält Zeichen, die in einem Hugging-Face-Repository- oder Dateinamen nicht vorkommen dürfen.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>„%1“ ist keine GGUF-Datei. Facet führt nur .gguf-Dateien aus.</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>Um eine Datei von Hugging Face herunterzuladen, geben Sie auch das Repository an: ORG/REPO/FILE.gguf (zum Beispiel unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>„%1“ ist kein gültiger Hugging-Face-Name: Organisation, Repository und Datei dürfen nur Buchstaben, Ziffern, &apos;-&apos;, &apos;_&apos; und &apos;.&apos; enthalten.</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>Modellnamen enthalten keine Leerzeichen. Geben Sie einen Ollama-Namen wie gemma4:e2b oder library/gemma4:e4b ein.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>„%1“ ist kein Ollama-Modellname. Verwenden Sie NAME:TAG oder NAMESPACE/NAME:TAG, zum Beispiel gemma4:e2b oder library/gemma4:e4b.</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelsDock</name>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Models on this computer, the Gemma 4 catalogue and downloads</source>
        <translation>Modelle auf diesem Computer, der Gemma-4-Katalog und Downloads</translation>
    </message>
    <message>
        <source>&amp;Installed</source>
        <translation>&amp;Installiert</translation>
    </message>
    <message>
        <source>Cata&amp;logue</source>
        <translation>&amp;Katalog</translation>
    </message>
    <message>
        <source>Model pages</source>
        <translation>Modellseiten</translation>
    </message>
    <message>
        <source>Switch between installed models and the catalogue</source>
        <translation>Zwischen installierten Modellen und dem Katalog wechseln</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Konte&amp;xtlänge:</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Kontextlänge</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>Tokens, die eine Unterhaltung fassen kann; die Speicherschätzungen gelten für diese Länge</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Längere Kontexte brauchen mehr GPU-Speicher für den KV-Cache.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>Modellliste aktualisieren</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>Sucht erneut in Facets Ordner, im Speicher von Ollama und in den Ordnern von LM Studio</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>GGUF ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Eine GGUF-Datei öffnen</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>Fügt der Liste eine Gemma-4-GGUF-Datei von einem beliebigen Ort auf diesem Computer hinzu</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>Türme</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>Speicher (GPU / Host)</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>Installierte Modelle</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>Auf diesem Computer gefundene Gemma-4-Modelle mit Größe, Quantisierung, Türmen und benötigtem Speicher; Eingabe lädt das ausgewählte</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Laden</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>Modell laden</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>Lädt das ausgewählte Modell zum Chatten auf die GPU</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Entladen</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Modell entladen</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>Gibt den GPU-Speicher des geladenen Modells frei</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Löschen…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Modell löschen</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>Löscht die Dateien des ausgewählten Modells; nur für Modelle, die Facet heruntergeladen hat</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Im &amp;Ordner zeigen</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Im Ordner zeigen</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>Öffnet den Ordner mit der Modelldatei</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>&amp;Vergessen</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>Geöffnete Datei vergessen</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>Nimmt eine mit „GGUF öffnen“ geöffnete Datei von der Liste; die Datei bleibt erhalten</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>Status der Bibliothek</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>Probleme bei der Suche</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>Zeigt die Dateien, die bei der Modellsuche übersprungen wurden, und warum</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>Übersprungene Dateien und der Grund</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>Auf diesem Computer wurde kein Gemma-4-Modell gefunden.</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>Laden Sie unten eines herunter: E2B ist klein und schnell, E4B antwortet besser. Modelle, die Sie bereits in Ollama oder LM Studio haben, erscheinen automatisch.</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>Keine Modelle installiert</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Von</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>Downloadgröße (ca.)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Gemma-4-Katalog</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>Gemma-4-Modelle zum Herunterladen; die Größen sind ungefähr</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>Ein anderes &amp;Modell herunterladen (Ollama-Name oder Hugging-Face-GGUF):</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b, library/gemma4:e4b oder huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>Herunterzuladendes Modell</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>Ein Ollama-Name wie gemma4:e2b, eine Hugging-Face-Dateiadresse oder ORG/REPO/FILE.gguf; Eingabe startet den Download</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>&amp;Herunterladen</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>Eingegebenes Modell herunterladen</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>Startet den Download des im Feld genannten Modells</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>Problem mit dem Downloadnamen</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>Laufende und abgeschlossene Downloads</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>Modelle werden gesucht…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>Speicher wird geschätzt…</translation>
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
        <translation>Geöffnete Datei</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1 (geladen)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>nicht lesbar</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>Anteil der Gewichte nach Typ: %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>Bei %1 Tokens: %2 GPU-Speicher (Gewichte %3, KV-Cache %4, Aktivierungen %5) und %6 Hauptspeicher zusätzlich zur eingeblendeten Datei.</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>Dieses Modell unterstützt höchstens %1 Tokens.</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>nicht ausführbar</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>Keine Modelle gefunden.</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 Modell</translation>
    </message>
    <message numerus="yes">
        <source>%n models</source>
        <translation>
            <numerusform>%n Modell</numerusform>
            <numerusform>%n Modelle</numerusform>
        </translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 Problem</translation>
    </message>
    <message numerus="yes">
        <source>%n problems</source>
        <translation>
            <numerusform>%n Problem</numerusform>
            <numerusform>%n Probleme</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files were skipped; click for details.</source>
        <translation>Einige Dateien wurden übersprungen; klicken Sie für Details.</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>Dieses Modell ist geladen. Entladen Sie es zuerst.</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>Eine Gemma-4-GGUF-Datei öffnen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF-Modelle (*.gguf);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>Diese Datei kann nicht verwendet werden</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 kann nicht als Modell verwendet werden:
%2

Wählen Sie eine Gemma-4-GGUF-Datei (general.architecture „gemma4“).</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>Löschen nicht möglich</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>%1 (%2) aus Facets Modellordner löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 ist nicht in der Modellliste.</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 liegt nicht in Facets Modellordner %2; es wurde nicht gelöscht.</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>%1 konnte nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>Der Katalog kann nicht angezeigt werden: %1</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (empfohlen)</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 ist installiert</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>%1 von %2 herunterladen</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>Etwa %1; %2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>Downloads sind in dieser Version nicht verfügbar.</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>kein Modellname und keine URL angegeben</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>„%1“ ist keine gültige URL</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>„%1“: Eine Hugging-Face-Datei wird als org/repo/file.gguf angegeben</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>„%1“ verweist nicht auf eine .gguf-Datei</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>„%1“: Eine Hugging-Face-Datei-URL sieht so aus: https://huggingface.co/org/repo/resolve/main/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>„%1“ ist weder ein Modellname (wie gemma4:e2b oder library/gemma4:e2b) noch eine Hugging-Face-GGUF-URL oder org/repo/file.gguf</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>kein Modellname angegeben</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>Facets Modellordner ist nicht bekannt</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>das Manifest von „%1“ wurde nicht gefunden</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>%1 kann nicht gelöscht werden: %2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>%1 kann nicht gelöscht werden</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>„%1“ liegt im Speicher von Ollama (%2); Facet löscht niemals Dateien von Ollama: Entfernen Sie es mit `ollama rm %1`</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>„%1“ gehört zu LM Studio (%2); entfernen Sie es in LM Studio</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 liegt nicht in Facets Modellordner (%2); Facet löscht nur Dateien, die es selbst heruntergeladen hat</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>kein Modell „%1“ in Facets Modellordner %2 (siehe facet-cli list)</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>Abbruch nach %1 Versuchen: %2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>zu viele Weiterleitungen (mehr als %1) für %2</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>Modell „%1“ wurde in der Registry %2 nicht gefunden: Prüfen Sie Name und Tag (zum Beispiel gemma4:e2b)</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>die Registry %1 hat den Zugriff auf „%2“ verweigert (HTTP %3)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 von %2</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>die Registry %1 ist nicht erreichbar: %2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>die Registry hat ein unbrauchbares Manifest für „%1“ gesendet: %2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>größer als 1 MiB</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>kein JSON-Objekt</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion ist nicht 2</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 Schichten</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>ungültige Schicht-Prüfsumme „%1“</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>ungültige Größe für Schicht %1</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>es hat %1 Modellschichten (erwartet: genau 1)</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>nicht genug freier Speicherplatz in %1: Der Download braucht noch %2, verfügbar sind %3. Geben Sie Speicherplatz frei und laden Sie erneut herunter (der Download wird fortgesetzt)</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>Modellgewichte</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>Schicht %1 von %2</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>seine Architektur ist „%1“</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>es hat kein general.architecture</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>„%1“ wurde heruntergeladen und geprüft, ist aber kein Gemma-4-Modell (%2); Facet führt nur Gemma 4 aus, daher wurde es entfernt</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>das Manifest %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>der Server hat %1 von HTTPS auf unverschlüsseltes HTTP umgeleitet; abgelehnt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>„%1“ nicht gefunden (HTTP 404): Prüfen Sie Organisation, Repository und Dateinamen</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>der Zugriff auf „%1“ wurde verweigert (HTTP %2): Das Repository ist möglicherweise zugangsbeschränkt oder privat</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>„%1“ wurde heruntergeladen, ist aber weder ein Gemma-4-Modell noch ein Projektor (%2); Facet führt nur Gemma 4 aus, daher wurde es entfernt</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>die Registry-URL „%1“ ist ungültig</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>der Ordner %1 kann nicht erstellt werden</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>ein anderer Facet-Prozess lädt %1 gerade herunter; warten Sie, bis er fertig ist</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>interner Fehler: Teile von %1 fehlen</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>die Datei auf dem Server hat ihre Größe geändert (erwartet %1 Bytes, laut Server %2); laden Sie sie erneut herunter</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>der Server sendet %1 Bytes für %2, erwartet %3</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>der Download kann nicht nach %1 geschrieben werden: %2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>seit %1 s keine Daten</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>zu viele Weiterleitungen (mehr als %1) für %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>der Server hat %1 von HTTPS auf unverschlüsseltes HTTP umgeleitet; abgelehnt</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>nicht auf dem Server gefunden (HTTP %1): %2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>Zugriff verweigert (HTTP %1) für %2: Die Datei erfordert möglicherweise eine Anmeldung oder ist nicht öffentlich</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>der Server hat den Byte-Bereich abgelehnt (HTTP 416): Die Datei hat sich auf dem Server geändert; laden Sie sie erneut herunter, um von vorn zu beginnen</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>der Server hat %1 abgelehnt (HTTP %2 %3)</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>Weiterleitung ohne brauchbares Ziel (HTTP %1) für %2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 von %2</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>die Verbindung wurde nach %1 von %2 Bytes geschlossen</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>Download nach %1 Versuchen fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>die heruntergeladene Datei hat %1 Bytes, erwartet %2; sie wurde gelöscht, laden Sie sie erneut herunter</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>%1 kann nicht zurückgelesen werden: %2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>die heruntergeladenen Daten stimmen nicht mit ihrer sha256-Prüfsumme überein (erwartet %1, erhalten %2); die beschädigte Datei wurde gelöscht. Laden Sie sie erneut herunter; wenn das wieder passiert, liefert der Server oder Mirror eine beschädigte Datei</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>%1 kann nicht an seinen Zielort verschoben werden: %2</translation>
    </message>
</context>
</TS>
