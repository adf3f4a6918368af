<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 existiert nicht. Wählen Sie einen PEFT-Adapterordner oder eine GGUF-LoRA-Datei.</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 ist kein PEFT-Adapter: Dafür sind adapter_config.json und adapter_model.safetensors nötig. Wählen Sie den Ordner, der beide enthält (den Adapterordner eines Trainingslaufs), oder eine GGUF-LoRA-Datei.</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>Die adapter_config.json in %1 kann nicht als JSON gelesen werden. Speichern Sie den Adapter erneut oder wählen Sie einen anderen.</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 ist weder ein PEFT-Adapterordner noch eine GGUF-LoRA-Datei (%2). Wählen Sie den Adapterordner oder den .gguf-Adapter, den ein Trainingslauf geschrieben hat.</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 ist ein GGUF-Modell, kein LoRA-Adapter. Laden Sie Modelle im Bereich „Modelle“; hier wählen Sie einen Adapter (einen PEFT-Ordner oder eine GGUF-LoRA-Datei).</translation>
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
        <translation>Keiner</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>Das Basismodell, ohne Adapter</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>Ein PEFT-Adapterordner oder eine GGUF-LoRA-Datei</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>Adapter auswählen</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>Adapter (*.gguf adapter_config.json adapter_model.safetensors);;GGUF-LoRA (*.gguf);;PEFT-Adapterordner (adapter_config.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>Adapterstärke ×%1</translation>
    </message>
    <message>
        <source>&amp;Adapter:</source>
        <translation>&amp;Adapter:</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adapter</translation>
    </message>
    <message>
        <source>The LoRA adapter this conversation runs through: none, a recent one, or browse for a PEFT folder or a GGUF LoRA file</source>
        <translation>Der LoRA-Adapter, über den diese Unterhaltung läuft: keiner, ein zuletzt verwendeter oder ein PEFT-Ordner bzw. eine GGUF-LoRA-Datei, die Sie über „Durchsuchen…“ auswählen</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>Diese Unterhaltung über den Adapter laufen lassen (ausgeschaltet bleibt die Auswahl erhalten)</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>Adapter verwenden</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>Adapterstärke</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>Wie stark der Adapter das Modell verändert, von 0 (das Basismodell) bis zum Zweifachen</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>Wert der Adapterstärke</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleichen</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>Die Nachricht, die Sie gerade eingeben, oder sonst die letzte Frage einmal vom Basismodell und einmal über den Adapter beantworten lassen, nebeneinander</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>Mit dem Basismodell vergleichen</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>Zum Anhängen ablegen</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>Abgelegtes Bild</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Eingefügtes Bild</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>„%1“ ist keine Bild- oder Audiodatei, die Facet lesen kann (Dateityp: %2). Hängen Sie PNG-, JPEG-, WebP-, GIF- oder BMP-Bilder oder WAV-, FLAC-, MP3- oder OGG-Audio an.</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>„%1“ ist keine Bild- oder Audiodatei, die Facet lesen kann. Hängen Sie PNG-, JPEG-, WebP-, GIF- oder BMP-Bilder oder WAV-, FLAC-, MP3- oder OGG-Audio an.</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>„%1“ ist %2 groß; Bilder dürfen höchstens %3 groß sein. Verkleinern Sie das Bild oder speichern Sie es als JPEG und fügen Sie es dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>„%1“ hat %2 × %3 Pixel (%4 Megapixel); Bilder dürfen höchstens %5 Megapixel haben. Verkleinern Sie das Bild und fügen Sie es dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>„%1“ ist %2 lang; Audioanhänge dürfen höchstens %3 lang sein. Kürzen Sie die Aufnahme und fügen Sie sie dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>„%1“ wurde nicht gefunden. Möglicherweise wurde die Datei verschoben oder gelöscht.</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>„%1“ ist ein Ordner. Fügen Sie stattdessen die Dateien darin hinzu.</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>Facet kann „%1“ nicht öffnen (%2). Prüfen Sie, ob Sie die Datei lesen dürfen.</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>„%1“ ist leer (0 Bytes).</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>„%1“ ist zu groß zum Lesen (%2); Audioanhänge dürfen höchstens %3 lang sein. Kürzen Sie die Aufnahme und fügen Sie sie dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>„%1“ konnte nicht gelesen werden (%2).</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>„%1“ ist eine beschädigte WAV-Datei: %2. Exportieren Sie sie erneut aus dem Programm, mit dem sie erstellt wurde.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>„%1“ ist kein Bild, das Facet lesen kann (Dateityp: %2). Verwenden Sie PNG, JPEG, WebP, GIF oder BMP.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>„%1“ ist kein Bild, das Facet lesen kann. Verwenden Sie PNG, JPEG, WebP, GIF oder BMP.</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>„%1“ ist abgeschnitten: Die Datei endet vor dem Ende des Bildes. Kopieren Sie sie erneut oder laden Sie sie erneut herunter.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>„%1“ konnte nicht dekodiert werden (%2). Die Datei ist möglicherweise beschädigt; prüfen Sie sie in einem Bildbetrachter.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>„%1“ ist keine Datei auf diesem Computer und wurde nicht angehängt. Speichern Sie sie zuerst und hängen Sie dann die gespeicherte Datei an.</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>„%1“ und %2 weitere sind keine Dateien auf diesem Computer und wurden nicht angehängt. Speichern Sie sie zuerst und hängen Sie dann die gespeicherten Dateien an.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>„%1“ ist keine Datei auf diesem Computer. Speichern Sie sie zuerst und hängen Sie dann die gespeicherte Datei an.</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>Hier gibt es kein Bild, kein Audio und keine Datei zum Anhängen.</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>Der Import ist aus unbekanntem Grund fehlgeschlagen.</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentText</name>
    <message>
        <source>1 byte</source>
        <comment>file size</comment>
        <translation>1 Byte</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <comment>file size</comment>
        <translation>%1 Bytes</translation>
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
        <translation>%1, Audio, %2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1, Bild, %2 × %3 Pixel, %4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>„%1“ entfernen</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>Entfernt diesen Anhang aus der Nachricht, die gerade geschrieben wird</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>Die Bilder und Audiodateien für die nächste Nachricht</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>Anhänge werden hinzugefügt…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problem mit Anhängen</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>Warum ein Bild oder eine Audiodatei nicht angehängt wurde</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Ausblenden</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Meldung ausblenden</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>Blendet die Meldung über fehlgeschlagene Anhänge aus</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>Die Zwischenablage enthält kein Bild und keine Datei zum Anhängen. Kopieren Sie zuerst ein Bild oder eine Datei.</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Eingefügtes Bild</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>Bilder und Audio (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Bilder (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>Audio (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>Bilder oder Audio anhängen</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>Anzahl der Anhänge</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Bilder und Audio für die nächste Nachricht sowie die Mikrofonaufnahme</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>Anhänge für die nächste Nachricht</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>Noch keine Anhänge.</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>Legen Sie Bilder oder Audiodateien hier ab, fügen Sie sie mit Strg+V ein oder fügen Sie Dateien hinzu. Bis zu %1 pro Nachricht; Bilder bis %2, Audio bis %3 (m:ss).</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>Dateien &amp;hinzufügen…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>Dateien hinzufügen</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>Bilder oder Audiodateien zum Anhängen auswählen</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>Aus der Zwischenablage einfügen</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>Hängt das Bild oder die Dateien aus der Zwischenablage an</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>Alle entfernen</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>Alle Anhänge entfernen</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>Entfernt alle Anhänge aus der Nachricht</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>„%1“ konnte nicht dekodiert werden: Der Audiodecoder hat %2 s lang nicht geantwortet. Wandeln Sie die Datei in WAV um und fügen Sie sie erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>„%1“ ist %2 lang; Audioanhänge dürfen höchstens %3 lang sein. Kürzen Sie die Aufnahme und fügen Sie sie dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>„%1“ kann nicht dekodiert werden: Auf diesem Computer gibt es keinen Audiodecoder für Qt Multimedia. Installieren Sie die Audio-Plugins von GStreamer oder wandeln Sie die Datei in WAV um.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>„%1“ konnte nicht dekodiert werden: Der Decoder lieferte Samples in einem unbekannten Format.</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>„%1“ ist länger als %2; länger dürfen Audioanhänge nicht sein. Kürzen Sie die Aufnahme und fügen Sie sie dann erneut hinzu.</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>„%1“ enthält kein Audio.</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>Facet darf „%1“ nicht lesen (%2). Prüfen Sie die Zugriffsrechte der Datei.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>„%1“ kann auf diesem Computer nicht dekodiert werden (%2). Installieren Sie die Audio-Plugins von GStreamer oder wandeln Sie die Datei in WAV um.</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>„%1“ ist kein Audio, das Facet dekodieren kann (%2). Verwenden Sie WAV, FLAC, MP3 oder OGG.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>„%1“ konnte nicht gelesen werden (%2). Die Datei ist möglicherweise beschädigt oder nicht lesbar.</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>Das Mikrofon „%1“ meldet kein Sampleformat, das Facet verwenden kann. Wählen Sie einen anderen Eingang.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>Das Mikrofon „%1“ konnte nicht geöffnet werden. Möglicherweise verwendet es ein anderes Programm oder Facet hat keinen Zugriff darauf: Prüfen Sie die Sound- und Datenschutzeinstellungen des Systems.</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>Das Lesen vom Mikrofon „%1“ ist fehlgeschlagen. Möglicherweise wurde es ausgesteckt.</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>Das Mikrofon „%1“ funktioniert nicht mehr. Möglicherweise wurde es ausgesteckt.</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>Es wurde kein Mikrofon gefunden. Schließen Sie eines an, prüfen Sie, ob es in den Soundeinstellungen des Systems erscheint, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>Das Mikrofon „%1“ ist nicht mehr verfügbar. Wählen Sie einen anderen Eingang.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>Das Mikrofon „%1“ konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 Die bisherige Aufnahme (%2) bleibt erhalten.</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>Das Mikrofon „%1“ liefert Samples in einem Format, das Facet nicht kennt. Wählen Sie einen anderen Eingang.</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>Die Aufnahme wurde bei ihrer Höchstlänge von %1 beendet.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>Das Mikrofon „%1“ wurde getrennt.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>Das Mikrofon „%1“ wurde getrennt. Die bisherige Aufnahme (%2) bleibt erhalten.</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>Es gibt noch keine Aufnahme zum Abspielen.</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>Es gibt keine Tonausgabe (Lautsprecher oder Kopfhörer), über die die Aufnahme abgespielt werden kann.</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>Die Tonausgabe „%1“ unterstützt kein Format, das Facet abspielen kann.</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>Das Abspielen der Aufnahme ist fehlgeschlagen: Die Tonausgabe wurde beendet.</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>Die Tonausgabe „%1“ konnte nicht geöffnet werden. Möglicherweise verwendet sie ein anderes Programm.</translation>
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
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>Wählen Sie für diese Unterhaltung einen Adapter, um ihn mit dem Basismodell zu vergleichen.</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>Diese Nachricht gehört nicht mehr zur Unterhaltung.</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>Es gibt keine Frage, zu der die Antworten verglichen werden könnten.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>In die Zwischenablage kopiert.</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Beim Beenden von Facet abgebrochen.</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>Startet eine neue, leere Unterhaltung (Strg+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>Volltextsuche in allen Nachrichten; die Liste zeigt die passenden Unterhaltungen</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>Ihre Unterhaltungen, die neuesten zuerst. Eingabe öffnet eine; über das Kontextmenü können Sie sie umbenennen, exportieren oder löschen.</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titel der Unterhaltung</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>Geladenes Modell</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>Belegter Kontext</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>Wie viel vom Kontext des Modells diese Unterhaltung belegt</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>Chat-Einstellungen</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>Systemprompt und Sampling dieser Unterhaltung</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>Systemprompt und Sampling-Einstellungen dieser Unterhaltung bearbeiten</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>Die Nachrichten dieser Unterhaltung</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Nachricht an Gemma… (Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>Geben Sie Ihre Nachricht ein. Eingabe oder Strg+Eingabe sendet sie; Umschalt+Eingabe beginnt eine neue Zeile.</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>Bilder oder Audiodateien anhängen (Strg+Umschalt+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>Öffnet den Bereich „Anhänge“, um Bilder oder Audio hinzuzufügen</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Aufnehmen</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>Eine Sprachnachricht aufnehmen (Strg+Umschalt+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>Sprache aufnehmen</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>Nimmt im Bereich „Anhänge“ über das Mikrofon auf</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>Nachdenken</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>Das Modell vor der Antwort Schritt für Schritt überlegen lassen</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>Denkmodus</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>Wenn aktiviert, denkt das Modell vor der Antwort nach; die Gedanken erscheinen in einem einklappbaren Block</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Generierung stoppen</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Nachricht senden</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>Stoppt die Antwort, die gerade geschrieben wird (Esc)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>Sendet Ihre Nachricht an das Modell (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>Stopp (Esc)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Senden (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 Tokens</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n message(s)</source>
        <translation>
            <numerusform>%1 · %n Nachricht</numerusform>
            <numerusform>%1 · %n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>Keine Unterhaltung enthält „%1“.</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Als Markdown exportieren…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Als JSON exportieren…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titel:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>„%1“ mit allen Nachrichten löschen? Das kann nicht rückgängig gemacht werden.</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Als JSON exportieren</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Als Markdown exportieren</translation>
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
        <translation>Diese Antwort wurde abgeschnitten.</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>Die Unterhaltung konnte nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>Es ist kein Modell geladen. Laden Sie eines im Bereich „Modelle“ und senden Sie dann erneut; Ihre Nachricht bleibt erhalten.</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>Ihre Nachricht konnte nicht gespeichert werden: %1. Sie steht noch im Nachrichtenfeld.</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>Die Antwort konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>Die Unterhaltung wird gelesen…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird gestoppt…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>Antwort wird erstellt (%1 von %2 Prompt-Tokens wiederverwendet)…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>Antwort wird erstellt (%1 Prompt-Tokens)…</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n Token</numerusform>
            <numerusform>%n Tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 Tokens/s</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>erstes Token nach %1 s</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 aus dem Cache</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>Längenlimit erreicht</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>Der Kontext ist voll: Die Antwort wurde bei %1 Tokens beendet.</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>Starten Sie einen neuen Chat oder erhöhen Sie die Kontextlänge in den Einstellungen.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Gestoppt.</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Fertig: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>Es ist kein Modell geladen. Laden Sie zuerst eines im Bereich „Modelle“.</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>Die bearbeitete Nachricht konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>Als Trainingsbeispiel in %1 gespeichert.</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>Das Trainingsbeispiel konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Export nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Nach %1 exportiert.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>Anweisungen, die das Modell während der ganzen Unterhaltung befolgt</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>Systemprompt:</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>Anhänge werden gelesen… %1 %</translation>
    </message>
    <message>
        <source>adapter %1</source>
        <translation>Adapter %1</translation>
    </message>
    <message>
        <source>base model</source>
        <translation>Basismodell</translation>
    </message>
    <message>
        <source>An answer is being written. Wait for it (or stop it), then choose the adapter again.</source>
        <translation>Gerade wird eine Antwort geschrieben. Warten Sie darauf (oder stoppen Sie sie) und wählen Sie dann den Adapter erneut.</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>Neuer Chat mit dem Adapter %1.</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>Der Adapter %1 konnte nicht verwendet werden, daher läuft diese Unterhaltung wieder mit dem Basismodell (die Meldung oben nennt den Grund). Wählen Sie einen Adapter, der für dieses Modell erstellt wurde, oder korrigieren Sie die Datei und wählen Sie sie erneut.</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>Wählen Sie zuerst einen Adapter: Beim Vergleich wird einmal vom Basismodell und einmal über den Adapter geantwortet.</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>Geben Sie eine Frage ein, um die Antwort des Basismodells mit der des Adapters zu vergleichen.</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>Basismodell und Adapter werden verglichen…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>Verglichen: Behalten Sie eine der Antworten oder schließen Sie den Vergleich.</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>Die Frage konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>Die Antwort des Adapters wurde behalten.</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>Die Antwort des Basismodells wurde behalten.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>Das Werkzeug %1 wird aufgerufen.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>Fehler: %1 Was Sie tun können: %2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>Die Nachrichten dieser Unterhaltung, die ältesten zuerst</translation>
    </message>
</context>
<context>
    <name>facet::app::CodeBlock</name>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>%1 (being written…)</source>
        <translation>%1 (wird geschrieben…)</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>Diesen Code in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Code kopieren</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>Kopiert genau den Code dieses Blocks (%1)</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>Code: %1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>Schreibgeschützter Code; mit Tastatur oder Maus auswählen</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>Codeblock: %1</translation>
    </message>
</context>
<context>
    <name>facet::app::ComparisonView</name>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>Beide Antworten stoppen</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>Vergleich schließen; die Unterhaltung bleibt unverändert</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Basismodell</translation>
    </message>
    <message>
        <source>Adapter %1</source>
        <translation>Adapter %1</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <translation>Diese Antwort behalten</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>Diese Antwort zur Unterhaltung hinzufügen</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>Antwort des Basismodells behalten</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>Antwort des Adapters behalten</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>Antwort des Basismodells</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>Antwort des Adapters</translation>
    </message>
    <message>
        <source>Compared prompt</source>
        <translation>Verglichener Prompt</translation>
    </message>
</context>
<context>
    <name>facet::app::ConversationStore</name>
    <message>
        <source>The disk is full, so the conversation could not be saved. Free some space and try again.</source>
        <translation>Der Datenträger ist voll, daher konnte die Unterhaltung nicht gespeichert werden. Geben Sie Speicherplatz frei und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>Die Unterhaltungsdatenbank ist schreibgeschützt (%1). Prüfen Sie die Zugriffsrechte der Datei und ihres Ordners.</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>Die Unterhaltungsdatenbank wird von einem anderen Programm verwendet (läuft Facet zweimal?). Schließen Sie das andere Programm und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>Das Lesen oder Schreiben der Unterhaltungsdatenbank ist fehlgeschlagen (%1). Der Datenträger ist möglicherweise voll oder defekt: Geben Sie Speicherplatz frei oder prüfen Sie den Datenträger und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>Die Unterhaltungsdatenbank kann nicht geöffnet werden (%1). Prüfen Sie, ob ihr Ordner existiert und beschreibbar ist.</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>Die Unterhaltungsdatenbank ist beschädigt (%1).</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>Unbekannter Datenbankfehler.</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>Die Temperatur muss 0 oder größer sein (erhalten: %1).</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k muss 0 (aus) oder größer sein (erhalten: %1).</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p muss zwischen 0 und 1 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p muss zwischen 0 und 1 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>Die Wiederholungsstrafe muss größer als 0 sein (erhalten: %1).</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>Präsenz- und Häufigkeitsstrafe müssen Zahlen sein.</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>Das Token-Limit muss 0 (bis das Modell aufhört) oder größer sein (erhalten: %1).</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>System</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>Werkzeugergebnis</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>Die Unterhaltungsdatenbank ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>Es gibt keinen Ordner für Anwendungsdaten, daher können Unterhaltungen nicht gespeichert werden. Prüfen Sie, ob Ihr Benutzerordner existiert.</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 ist ein Ordner, keine Unterhaltungsdatenbank. Verschieben Sie ihn an einen anderen Ort und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>Der Ordner %1 für die Unterhaltungsdatenbank kann nicht erstellt werden. Prüfen Sie, ob der Ort existiert und ob Sie dort schreiben dürfen.</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>Der Ordner %1 ist nicht beschreibbar, daher können Unterhaltungen nicht gespeichert werden. Prüfen Sie seine Zugriffsrechte.</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>Die Unterhaltungsdatenbank %1 ist schreibgeschützt. Prüfen Sie ihre Zugriffsrechte.</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>Die Unterhaltungsdatenbank %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>es ist keine SQLite-Datenbank</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>Die Unterhaltungsdatenbank %1 ist beschädigt (%2) und konnte nicht beiseitegelegt werden: %3. Verschieben Sie sie selbst an einen anderen Ort und starten Sie Facet erneut.</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>Ihr Unterhaltungsverlauf war beschädigt und konnte nicht gelesen werden, daher hat Facet einen neuen, leeren angelegt. Die alte Datei wurde als %1 aufbewahrt; Werkzeuge wie „.recover“ von sqlite3 können daraus eventuell Unterhaltungen wiederherstellen. (Details: %2)</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>Der SQLite-Treiber von Qt (QSQLITE) fehlt, daher können Unterhaltungen nicht gespeichert werden. Installieren Sie ihn (Debian: libqt6sql6-sqlite).</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>Die Prüfung durch SQLite ergab: %1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>das Umbenennen ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>sie ist verschwunden</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>das Umbenennen von %1 ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>Die Unterhaltungsdatenbank %1 wurde von einer neueren Version von Facet geschrieben (Schema %2; diese Version liest bis %3). Aktualisieren Sie Facet oder verschieben Sie die Datei, um mit einem leeren Verlauf zu beginnen.</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>Die Unterhaltungsdatenbank verwendet die Volltextsuche von SQLite (FTS5), die der SQLite-Bibliothek dieses Systems fehlt. Installieren Sie ein SQLite mit FTS5.</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>Die Einrichtung der Unterhaltungsdatenbank ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>Es gibt keine Unterhaltung mit der ID %1.</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>Der gespeicherte Modellzustand %1 der Unterhaltung konnte nicht gelöscht werden. Prüfen Sie die Zugriffsrechte des Ordners.</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>Unbekannte Nachrichtenrolle „%1“ (erwartet: system, user, assistant oder tool).</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>Der Anhang „%1“ ist weder ein Bild noch Audio.</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>In Unterhaltung %2 gibt es keine Nachricht mit der ID %1, auf die geantwortet werden könnte.</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>Es gibt keine Nachricht mit der ID %1.</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>Der Zweig unter Nachricht %1 konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Erstellt: %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modell: %1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>Aus Facet exportiert</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Denkprozess</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>Werkzeugaufrufe:</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>Audio: %1 (%2, %3 s)</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>Bild: %1 (%2, %3)</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Fehler:</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>(Antwort unvollständig)</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>Nur eine Antwort des Assistenten kann ein Trainingsbeispiel abschließen.</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>Für das Trainingsbeispiel wurde keine Datei angegeben.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>Der Ordner %1 für die Trainingsdaten kann nicht erstellt werden. Wählen Sie einen anderen Ort.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 ist ein Ordner; wählen Sie eine Datei für die Trainingsdaten.</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>%1 kann nicht zum Speichern des Trainingsbeispiels geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>Das Trainingsbeispiel konnte nicht in %1 gespeichert werden: %2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>Die Adapterstärke muss zwischen 0 und 2 liegen (erhalten: %1).</translation>
    </message>
    <message>
        <source>Adapter: %1 ×%2</source>
        <translation>Adapter: %1 ×%2</translation>
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
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adapter</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Saves a checkpoint and stops; Resume continues from it.</source>
        <translation>Speichert einen Checkpoint und hält an; „Fortsetzen“ macht dort weiter.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>Beendet den Trainingslauf sofort und speichert den Adapter im aktuellen Zustand.</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>&amp;Trainingsdaten:</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>Eine JSONL-Datei: auswählen oder hierher ziehen</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Trainingsdatendatei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>Trainingsdatendatei auswählen</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>&amp;Validierungsdaten:</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>Optional: eine JSONL-Datei mit zurückgehaltenen Beispielen</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>Validierungsdatendatei</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>Validierungsdatendatei auswählen</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>Oder &amp;zurückhalten:</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>Für die Validierung zurückgehaltener Anteil</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>Der Anteil der Trainingsdaten, der für die Validierung zurückbehalten wird, wenn keine Validierungsdatei angegeben ist</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>Fehlerhafte Zeilen überspringen (mit den guten Beispielen trainieren)</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>Daten prüfen</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>Die ersten Beispiele so, wie das Modell sie sieht (hervorgehoben: was es schreiben lernt):</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>Datenprobleme und Längenhistogramm</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>Aufbereitete Beispiele</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Voreinstellung:</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>&amp;Rang:</translation>
    </message>
    <message>
        <source>&amp;Alpha:</source>
        <translation>&amp;Alpha:</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>&amp;Dropout:</translation>
    </message>
    <message>
        <source>Adapted projections:</source>
        <translation>Angepasste Projektionen:</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>&amp;Lernrate:</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>&amp;Zeitplan:</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>Auf&amp;wärmphase:</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>&amp;Epochen:</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>Ma&amp;x. Schritte:</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>&amp;Batch-Tokens:</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>Max. &amp;Gradientennorm:</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>A&amp;uswerten alle (Schritte):</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>&amp;Checkpoint alle (Schritte):</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>Längstes Beispiel (&amp;Tokens):</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>Ausgabe&amp;ordner:</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>Test&amp;prompts:</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>Schnell: Rang 8, nur Attention, 1 Epoche</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>Ausgewogen: Rang 16, Attention und FFN, 2 Epochen</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>Gründlich: Rang 32, Attention und FFN, 3 Epochen, LR 1e-4</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Benutzerdefiniert</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Konstant</translation>
    </message>
    <message>
        <source>Linear decay</source>
        <translation>Linearer Abfall</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Kosinus</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>Kosinus mit Neustarts</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Keine Grenze</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>Nur am Ende</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>Kein Clipping</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Ausgabeordner</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>Testprompts</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>Ein Prompt pro Zeile, bei jeder Auswertung beantwortet; leer: die Prompts der ersten Validierungsbeispiele</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>Trainierte Tokens pro Optimiererschritt (die Gradienten mehrerer Beispiele werden akkumuliert)</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>Längere Beispiele werden auf so viele Tokens gekürzt</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>Testantworten bei jeder Auswertung brauchen die GPU: Die CPU-Referenz, auf der das Modell läuft, kann keinen Adapter ausführen.</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>Testantworten bei jeder Auswertung (gierig, über den Adapter des jeweiligen Schritts):</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>Testantworten</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Trainingsfortschritt</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>Mit diesem Adapter chatten</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>Als PEFT-Ordner speichern (Hugging Face)…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>Als GGUF-LoRA speichern (llama.cpp, Ollama ADAPTER)…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>Gewichte wie im Modell</translation>
    </message>
    <message>
        <source>Adapted weights as Q8_0</source>
        <translation>Angepasste Gewichte als Q8_0</translation>
    </message>
    <message>
        <source>Adapted weights as F16</source>
        <translation>Angepasste Gewichte als F16</translation>
    </message>
    <message>
        <source>Merged weights&apos; type</source>
        <translation>Typ der zusammengeführten Gewichte</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>Zusammengeführtes GGUF exportieren…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>Das geladene Modell mit dem in seine Gewichte eingerechneten Adapter: ein gewöhnliches Modell für Ollama und llama.cpp</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Exportfortschritt</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Training eines Adapters für &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>Es ist kein Modell geladen: Laden Sie das Modell, das Sie feinabstimmen möchten, im Bereich „Modelle“.</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Trainingsdaten</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>Validierungsdaten</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Laden Sie zuerst ein Modell: Die Daten werden mit seinem Tokenizer gemessen.</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>Wählen Sie zuerst die Trainingsdaten.</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 wird geprüft…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>Wählen Sie eine JSONL-Datei mit Beispielen (oder ziehen Sie eine hierher): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} oder {&quot;text&quot;}, eines pro Zeile.</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>%1 gelesen, %2 für das Training und %3 für die Validierung.</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 Beispiel</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 Beispiele</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>%n fehlerhafte Zeile wird übersprungen.</numerusform>
            <numerusform>%n fehlerhafte Zeilen werden übersprungen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>%n fehlerhafte Zeile: Korrigieren Sie sie oder lassen Sie sie überspringen.</numerusform>
            <numerusform>%n fehlerhafte Zeilen: Korrigieren Sie sie oder lassen Sie sie überspringen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>%n Beispiel, das länger als %1 Tokens ist, wird gekürzt.</numerusform>
            <numerusform>%n Beispiele, die länger als %1 Tokens sind, werden gekürzt.</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>Längen: %1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>Validierung: %1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>Gekürzt (länger als %1 Tokens): Zeilen %2</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>Tokens pro Beispiel:</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>Zeile %1: %2 Tokens, %3 trainiert%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation> (gekürzt)</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>Laden Sie ein Modell, um zu sehen, was das Training erfordert.</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>Schätzung: etwa %1 GPU-Speicher (Gewichte %2, Adapter mit %3 Parametern %4, Aktivierungen %5).</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>Etwa %1 für %n Schritt (%2 Tokens bei angenommenen %3 Tokens/s; die gemessene Geschwindigkeit erscheint, sobald das Training läuft).</numerusform>
            <numerusform>Etwa %1 für %n Schritte (%2 Tokens bei angenommenen %3 Tokens/s; die gemessene Geschwindigkeit erscheint, sobald das Training läuft).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>Prüfen Sie die Daten, um die Dauer abzuschätzen.</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>Wählen Sie mindestens eine Projektion zum Anpassen.</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>Wählen Sie einen Ausgabeordner.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Wird fortgesetzt…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>Daten und Modell werden vorbereitet…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>Wird nach diesem Schritt pausiert…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Wird nach diesem Schritt gestoppt…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Schritt %1 von %2</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>Dieser Lauf: Rang %1, Alpha %2 auf %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>Lernrate %1 (%2), %3 % Aufwärmphase</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>trainierte Token pro Schritt: %1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>Training läuft, fortgesetzt bei Schritt %1 von %2.</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>Training: %n Schritt.</numerusform>
            <numerusform>Training: %n Schritte.</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>Epoche %1 von %2</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 trainierte Tokens/s</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>Verlust %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>(Validierung %1)</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>noch %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>Angehalten bei Schritt %1 von %2; der Checkpoint liegt in %3. „Fortsetzen“ macht dort weiter.</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>Gestoppt bei Schritt %1 von %2; der Adapter dieses Schritts ist gespeichert.</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>Training abgeschlossen: %n Schritt.</numerusform>
            <numerusform>Training abgeschlossen: %n Schritte.</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>Adapter: %1 (GGUF-LoRA) und %2 (PEFT-Ordner).</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>In %1 gibt es keinen fertigen Adapter.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>%1 kann nicht erstellt werden.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>PEFT-Adapter speichern in</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>PEFT-Adapter in %1 gespeichert.</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>GGUF-LoRA speichern</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>GGUF-LoRA unter %1 gespeichert.</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>Zusammengeführtes Modell exportieren</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>Zusammengeführtes Modell nach %1 exportiert.</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>Der Export wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>Setzt den Trainingslauf ab dem Checkpoint im Ausgabeordner fort (mit denselben Einstellungen und Daten).</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>Startet das Training eines neuen Adapters.</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>Noch kein Adapter: Hier erscheint der Adapter des abgeschlossenen Trainingslaufs.</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>Etwa %1 für %n Schritt (%2 trainierte Tokens bei %3 Tokens/s, der Geschwindigkeit, die der letzte Lauf mit diesem Modell und Gerät gemessen hat).</numerusform>
            <numerusform>Etwa %1 für %n Schritte (%2 trainierte Tokens bei %3 Tokens/s, der Geschwindigkeit, die der letzte Lauf mit diesem Modell und Gerät gemessen hat).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>Ansagen zur Antwort, die gerade geschrieben wird</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Codeblock.</translation>
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
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Noch kein Modell gefunden: Laden Sie eines im Bereich „Modelle“ herunter.</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>Unterhaltungen nicht verfügbar</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>Facet kann seine Unterhaltungsdatenbank nicht öffnen: %1
Chats werden erst wieder gespeichert, wenn das behoben ist.</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>Unterhaltungsdatenbank wiederhergestellt</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>Unterhaltung exportieren</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>Über Facet</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Führt Googles Gemma 4 über Qt RHI auf Ihrer eigenen GPU aus. Nichts verlässt diesen Computer.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>Unterhaltungen und der Chat mit dem Modell</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Anhänge</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Bilder und Audio für die nächste Nachricht sowie die Mikrofonaufnahme</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Feinabstimmung</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>Training eines LoRA-Adapters mit Ihren eigenen Daten</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>Unterhaltung e&amp;xportieren…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Senden</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>S&amp;toppen</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>Letzte Antwort &amp;neu erzeugen</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>&amp;Dateien anhängen…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>&amp;Aufnahme starten oder stoppen</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>Zum Nachrichtenfeld wechseln</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>&amp;Anhänge</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>&amp;Feinabstimmung</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>&amp;Denkprozess anzeigen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>Ü&amp;ber Facet</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>Laden abbrechen</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>Bricht das Laden des Modells ab</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>Ladefortschritt des Modells</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>Laden: %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>%1 auf %2 in %3 s geladen (Kontext: %4 Tokens)</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Das Laden von %1 wurde abgebrochen.</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>%1 konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>Das Modell konnte nicht geladen werden</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>Facet konnte %1 nicht laden.</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>Einstellungen gespeichert. Änderungen an GPU und Kontext gelten ab dem nächsten Laden eines Modells.</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>%1 auf %2 in %3 s geladen (Kontext auf %4 Tokens begrenzt, das Maximum dieses Modells)</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>Der API-Server konnte nicht starten: %1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API: %n Anfrage</numerusform>
            <numerusform>API: %n Anfragen</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API an</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>Der API-Server lauscht unter %1; er antwortet, sobald ein Modell geladen ist.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>Der API-Server stellt %1 unter %2 bereit.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>Der API-Server stellt %1 unter %2 bereit, die Adapter des Chats als %3.</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Werkzeugergebnis</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Ihre Nachricht</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>Text (%1)</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>Text mit Tastatur oder Maus auswählen; Links öffnen sich im Browser</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <comment>a tool&apos;s result</comment>
        <translation>Ergebnis von %1</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>Werkzeugaufruf: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistik</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>Wird geschrieben</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Version %1 von %2</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Systemnachricht</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Benutzernachricht</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Nachricht des Assistenten</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>Werkzeugnachricht</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>Werkzeugergebnis: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>Ganze Nachricht kopieren (Markdown)</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>Kopiert den Text dieser Nachricht samt Markdown in die Zwischenablage</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>Diese Nachricht bearbeiten und erneut senden</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>Öffnet einen Editor für diese Nachricht; beim Speichern wird sie als neue Version erneut gesendet</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>Diese Antwort neu schreiben lassen</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>Bittet das Modell um eine neue Antwort anstelle dieser</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>Vorlesen beenden</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>Beendet das Vorlesen dieser Antwort</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Vorlesen</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>Es ist keine Sprachausgabe installiert, daher können Antworten nicht vorgelesen werden. Installieren Sie eine (unter Debian: speech-dispatcher und das Sprach-Plugin von Qt) und starten Sie Facet neu.</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>Nicht verfügbar: keine Sprachausgabe installiert</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>Diese Antwort vorlesen</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>Liest die Antwort ohne Markdown-Zeichen und Codeblöcke vor</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>Als Beispiel speichern</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>Diesen Austausch als Trainingsbeispiel speichern</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>Fügt die Frage und diese Antwort einem Datensatz für die Feinabstimmung hinzu</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>Diese Nachricht löschen</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>Entfernt diese Nachricht aus der Unterhaltung</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Vorherige Version</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Nächste Version</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>%n s nachgedacht</numerusform>
            <numerusform>%n s nachgedacht</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>Gedanken</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Denkprozess des Modells ausblenden</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Denkprozess des Modells einblenden</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Denkprozess: %1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>Ausgeklappt; drücken Sie die Leertaste, um den Denkprozess des Modells auszublenden</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>Eingeklappt; drücken Sie die Leertaste, um den Denkprozess des Modells einzublenden</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>Der Denkprozess des Modells</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>Text, den das Modell vor seiner Antwort geschrieben hat</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Etwas ist schiefgelaufen</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>Was Sie tun können: %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Was Sie tun können</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Bild: %1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>Audio: %1, %2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Nachricht bearbeiten</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Strg+Eingabe speichert und sendet erneut, Esc bricht ab</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>Speichern &amp;&amp; erneut senden</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>Speichern und erneut senden</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>Ersetzt die Nachricht durch den bearbeiteten Text und fordert eine neue Antwort an</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Bearbeitung abbrechen</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>Lässt die Nachricht unverändert</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n Token</numerusform>
            <numerusform>%n Tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens of context</source>
        <translation>
            <numerusform>%n Token Kontext</numerusform>
            <numerusform>%n Tokens Kontext</numerusform>
        </translation>
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
    <message>
        <source>vision %1</source>
        <translation>Bild %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>Audio %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>Wird geladen, wenn ein Bild oder eine Aufnahme gesendet wird: %1.</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>„%1“ wurde nicht hinzugefügt: %2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>Eine Nachricht kann höchstens %1 Anhänge enthalten. Entfernen Sie einen oder senden Sie zuerst diese Nachricht.</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>„%1“ und %2 weitere wurden nicht hinzugefügt: %3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>Nichts wurde hinzugefügt: %1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Eingefügtes Bild</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>Kein Mikrofon gefunden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>Erneut aufnehmen</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Aufnehmen</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>Aufnahme beenden</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>Beendet die Aufnahme und behält sie</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>Nimmt mit dem gewählten Mikrofon auf; eine neue Aufnahme ersetzt die aktuelle</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>Wiedergabe beenden</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Abspielen</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Aufnahme abspielen</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>Spielt die Aufnahme über Lautsprecher oder Kopfhörer ab</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>Es wurde kein Mikrofon gefunden. Schließen Sie eines an, dann erscheint es hier.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>Aufnahmelänge</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>Aufnahme %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>Die Aufnahme wurde an die Nachricht angehängt.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>Eine Sprachnachricht aufnehmen und an die Nachricht anhängen</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>E&amp;ingang:</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>Der Eingang, von dem aufgenommen wird</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>Eingangspegel</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>Wie laut das Mikrofon während der Aufnahme ist</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>Aufnahme verwerfen</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>Wirft die Aufnahme weg</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>Aufnahme anhängen</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>Fügt die Aufnahme der Nachricht hinzu, die gerade geschrieben wird</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>Aufnahmestatus</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>Meldungen zur Aufnahme</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>Wie das Modell jedes nächste Token einer Antwort auswählt</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Temperatur:</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Randomness of the answer: 0 always takes the most likely token, 1 follows the model&apos;s own probabilities, higher values are more surprising</source>
        <translation>Zufälligkeit der Antwort: 0 nimmt immer das wahrscheinlichste Token, 1 folgt den Wahrscheinlichkeiten des Modells, höhere Werte sind überraschender</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>Wie zufällig die Antwort ist. 0 nimmt immer das wahrscheinlichste Token (gierig); 1 zieht nach den Wahrscheinlichkeiten des Modells; höhere Werte ergeben abwechslungsreicheren, weniger fokussierten Text.</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (gierig)</translation>
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
        <translation>Nur die k wahrscheinlichsten Tokens können gewählt werden; 0 schaltet diese Grenze aus</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>Nur die k wahrscheinlichsten nächsten Tokens werden berücksichtigt. Kleinere Werte halten die Antwort fokussiert. 0 schaltet die Grenze aus.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
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
        <translation>Nur die wahrscheinlichsten Tokens, die zusammen diese Wahrscheinlichkeit erreichen, können gewählt werden; 1 schaltet diese Grenze aus; muss größer als 0 sein</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>Nucleus-Sampling: Nur die wahrscheinlichsten Tokens, deren Wahrscheinlichkeiten zusammen p ergeben, werden berücksichtigt. 1 schaltet es aus; der Wert muss größer als 0 sein.</translation>
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
        <translation>Tokens, die unwahrscheinlicher sind als dieser Anteil des wahrscheinlichsten Tokens, werden verworfen; 0 schaltet dies aus</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>Verwirft Tokens, deren Wahrscheinlichkeit unter diesem Anteil der Wahrscheinlichkeit des wahrscheinlichsten Tokens liegt. 0 schaltet es aus.</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>&amp;Wiederholungsstrafe:</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Wiederholungsstrafe</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>Über 1 macht bereits vorgekommene Tokens unwahrscheinlicher, unter 1 wahrscheinlicher; 1 schaltet sie aus; muss größer als 0 sein</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>Teilt die Bewertung von Tokens, die kürzlich vorkamen. Über 1 hemmt Wiederholungen, unter 1 fördert sie, 1 schaltet sie aus. Der Wert muss größer als 0 sein.</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>Präsen&amp;zstrafe:</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>Präsenzstrafe</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>Senkt die Bewertung jedes bereits vorgekommenen Tokens um diesen Betrag; 0 schaltet sie aus</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>Wird einmal von der Bewertung jedes kürzlich vorgekommenen Tokens abgezogen, egal wie oft es vorkam. Positive Werte lenken das Modell zu neuen Wörtern und Themen. 0 schaltet sie aus.</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>&amp;Häufigkeitsstrafe:</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>Häufigkeitsstrafe</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>Senkt die Bewertung eines Tokens um diesen Betrag für jedes Mal, das es bereits vorkam; 0 schaltet sie aus</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>Wird für jedes kürzliche Vorkommen eines Tokens einmal von seiner Bewertung abgezogen, sodass oft wiederholte Wörter seltener werden. 0 schaltet sie aus.</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>Ma&amp;x. Tokens:</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>Maximale Tokens pro Antwort</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>Die Antwort endet nach so vielen Tokens; 0 bedeutet unbegrenzt, bis das Modell aufhört oder der Kontext voll ist</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>Die höchste Zahl an Tokens, die eine Antwort haben darf. Unbegrenzt: bis das Modell seine Antwort beendet oder der Kontext voll ist.</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>Fester &amp;Startwert:</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>Festen Startwert verwenden</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>Wenn aktiviert, ergibt dieselbe Frage mit denselben Einstellungen dieselbe Antwort; sonst verwendet jede Antwort einen neuen zufälligen Startwert</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>Mit festem Startwert wiederholen sich die Zufallsentscheidungen exakt, sodass eine Antwort reproduzierbar ist. Ohne ihn erhält jede Antwort einen neuen Startwert.</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>Eine ganze Zahl von 0 bis 18446744073709551615, mit der die Zufallsentscheidungen beginnen</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>zum Beispiel 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>Eine ganze Zahl von 0 bis 18446744073709551615.</translation>
    </message>
    <message>
        <source>T&amp;hink before answering</source>
        <translation>Vor der Antwort &amp;nachdenken</translation>
    </message>
    <message>
        <source>Think before answering</source>
        <translation>Vor der Antwort nachdenken</translation>
    </message>
    <message>
        <source>The model reasons step by step before it answers; slower, often better for hard questions</source>
        <translation>Das Modell überlegt Schritt für Schritt, bevor es antwortet; langsamer, bei schwierigen Fragen oft besser</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>Gemma 4 kann vor der Antwort nachdenken. Die Antwort dauert länger; der Denkprozess kann im Chat angezeigt werden.</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>Auf &amp;Gemma-4-Standardwerte zurücksetzen</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>Auf Gemma-4-Standardwerte zurücksetzen</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>Setzt Temperatur 1,0, Top-k 64 und Top-p 0,95 und schaltet alle anderen Optionen aus</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>Temperatur 1,0, Top-k 64, Top-p 0,95, keine Strafen, kein Limit.</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>Probleme mit den Sampling-Einstellungen</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>Hinweise zu den Sampling-Einstellungen</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max. Tokens</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p muss größer als 0 sein (1 schaltet es aus); bei 0 könnte kein Token gewählt werden.</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>Die Wiederholungsstrafe muss größer als 0 sein (1 schaltet sie aus).</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>Geben Sie einen Startwert ein oder deaktivieren Sie „Fester Startwert“, damit jede Antwort einen neuen zufälligen Startwert erhält.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>Der Startwert muss eine ganze Zahl von 0 bis 18446744073709551615 sein.</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>Die Engine lehnt diese Einstellungen ab: %1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 war keine Zahl; der Wert wurde auf %2 gesetzt.</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>%1 %2 kann nicht verwendet werden; der Wert wurde auf %3 geändert.</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>Temperatur 0 nimmt immer das wahrscheinlichste Token: Top-k, Top-p, Min-p und der Startwert haben keine Wirkung.</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>Eine Wiederholungsstrafe unter 1 macht Wiederholungen wahrscheinlicher.</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>Die Einstellungen von Facet, eine Seite pro Thema</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Einstellungsseiten</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>Einstellungen zu Allgemein, GPU, Modell, Sampling, Downloads und Feinabstimmung; Strg+Tab wechselt zur nächsten Seite</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>settings page</comment>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Feinabstimmung</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language of Facet&apos;s menus and messages; it changes as soon as you apply it</source>
        <translation>Die Sprache der Menüs und Meldungen von Facet; sie ändert sich, sobald Sie sie übernehmen</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>Jede Sprache ist unter ihrem eigenen Namen aufgeführt.</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Systemstandard (%1)</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Farbschema:</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Farbschema</translation>
    </message>
    <message>
        <source>Facet&apos;s colours: those of the system, or Facet&apos;s own light or dark colours</source>
        <translation>Die Farben von Facet: die des Systems oder Facets eigene helle oder dunkle Farben</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>„Wie das System“ behält die Farben bei, die Ihr Desktop Facet vorgibt. Diese Qt-Version kann einen dunklen Desktop nicht selbst erkennen; wählen Sie „Dunkel“, wenn Facet auf einem dunklen Desktop hell bleibt.</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>&amp;Denkprozess des Modells im Chat anzeigen</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>Denkprozess anzeigen</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>Wenn das Modell vor der Antwort nachdenkt, seinen Denkprozess eingeklappt über der Antwort anzeigen</translation>
    </message>
    <message>
        <source>&amp;Graphics API:</source>
        <translation>&amp;Grafik-API:</translation>
    </message>
    <message>
        <source>Graphics API</source>
        <translation>Grafik-API</translation>
    </message>
    <message>
        <source>The GPU interface Facet computes through; Automatic picks the best one that works</source>
        <translation>Die GPU-Schnittstelle, über die Facet rechnet; „Automatisch“ wählt die beste, die funktioniert</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatisch</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>Ge&amp;rät:</translation>
    </message>
    <message>
        <source>GPU device</source>
        <translation>GPU-Gerät</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>Welche GPU das Modell ausführt, wenn der Computer mehrere hat</translation>
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
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>Wie viele Tokens eine Unterhaltung fassen kann; längere Kontexte brauchen mehr GPU-Speicher</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Längere Kontexte brauchen mehr GPU-Speicher für den KV-Cache.</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>Eine längere Unterhaltung vergisst ihren Anfang. Die neue Länge gilt ab dem nächsten Laden eines Modells.</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>Benötigter Speicher</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>Neue Unterhaltungen beginnen mit diesen Werten; jede Unterhaltung kann ihre eigenen ändern.</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>&amp;Registry-Adresse:</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>Registry-Adresse</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>Die Ollama-Registry, aus der Modelle heruntergeladen werden; leer lassen für %1</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>Leer lassen für die offizielle Registry, %1.</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>Problem mit der Registry-Adresse</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>&amp;Trainingsdaten:</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Trainingsdatendatei</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>Die JSONL-Datei, mit der der Bereich „Feinabstimmung“ beginnt, ein Beispiel pro Zeile</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Keine Datei ausgewählt</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Durchsuchen…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>Nach Trainingsdaten suchen</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>Öffnet einen Dateidialog zur Auswahl einer JSONL-Datei</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>Hinweis zur Trainingsdatendatei</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>Dialogschaltflächen</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>Speichert die Einstellungen und schließt den Dialog</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>Speichert die Einstellungen und lässt den Dialog offen</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>Schließt den Dialog, ohne die Änderungen zu speichern</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>Setzt auf jeder Seite die Standardwerte ein; OK oder Übernehmen speichert sie</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1 (nicht gefunden)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>„%1“ ist keine Webadresse. Geben Sie eine Adresse ein, die mit https:// oder http:// beginnt und einen Server nennt, zum Beispiel %2, oder lassen Sie das Feld für diese leer.</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>Diese Datei existiert (noch) nicht. Der Bereich „Feinabstimmung“ meldet das erneut, wenn Sie das Training starten.</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>Dies ist ein Ordner; wählen Sie eine JSONL-Datei darin.</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>Trainingsdaten auswählen</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>8-Bit-A&amp;ktivierungen:</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>8-Bit-Aktivierungen</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>Ob die großen Matrixprodukte ihre Eingaben auf GPUs, die das schnell können, auf 8 Bit runden; schnellere Antworten, leicht abweichende Ergebnisse</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>Automatisch (wenn die GPU ein schnelles int8-Skalarprodukt hat)</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>Aus (jedes Produkt in Gleitkomma)</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>Automatisch: Auf GPUs mit schnellem 8-Bit-Ganzzahl-Skalarprodukt runden die größten Matrixprodukte jedes erzeugten Tokens ihre Eingaben auf 8 Bit, was die Antworten beschleunigt. Das verändert die Ergebnisse leicht: Das Modell wählt unter Umständen andere Wörter als mit „Aus“. Aus: jedes Produkt in 32-Bit-Gleitkomma, so wie die Referenz es berechnet.</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>&amp;Warten auf die GPU:</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>Warten auf die GPU</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Wie Facet auf die GPU wartet: adaptiv für die geringste Latenz oder Schlafen für die geringste CPU-Last</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>Adaptiv (geringe Latenz)</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>Schlafen (geringste CPU-Last)</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>Adaptiv: Während die GPU einen Schritt berechnet, prüft Facet etwa so lange, wie die letzten Schritte gedauert haben, ob er fertig ist, und schläft dann; Antworten kommen etwas schneller, und ein CPU-Kern ist ausgelastet, solange das Modell generiert. Schlafen: Facet schläft, bis die GPU fertig ist; geringste CPU-Last, Antworten etwas langsamer. Gilt für Vulkan.</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>Änderungen auf dieser Seite gelten ab dem nächsten Laden eines Modells.</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>&amp;Tokens pro Bild:</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>Tokens pro Bild</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>Wie viele Tokens Kontext ein Bild belegt: mit mehr erkennt das Modell feinere Details</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>Mehr Tokens lassen das Modell feinere Details erkennen (Dokumente, kleine Schrift) und belegen mehr vom Kontext.</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>Bild- und Audio-Encoder geladen &amp;halten</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>Bild- und Audio-Encoder geladen halten</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>Aus: Sie werden nach jeder Nachricht freigegeben, was Speicher spart</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>Aus: Sie werden nach jeder Nachricht freigegeben, was Speicher spart und Anhänge langsamer macht.</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>Ein Bild kostet höchstens so viele Tokens Kontext; Audio kostet 25 Tokens pro Sekunde.</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>Geladenes Modell anderen Programmen &amp;bereitstellen (OpenAI-API)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>Geladenes Modell anderen Programmen bereitstellen</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>Eine OpenAI-kompatible API nur auf diesem Computer; standardmäßig aus</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>API-&amp;Port:</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>API-Port</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>Der TCP-Port auf diesem Computer, über den Programme das Modell erreichen</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>Programme auf diesem Computer erreichen das Modell unter %1 (Chat- und Text-Completions, Modellliste); andere Computer nicht. Ihre Anfragen warten hinter Ihrem eigenen Chat und erscheinen in der Statusleiste.</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>Gradientennorm</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>Verlustdiagramm</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>Trainings- und Validierungsverlust über die Optimiererschritte</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>Diagramm für Lernrate und Gradientennorm</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>sie beginnt nicht mit einem WAV-Header</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>ihr Format-Header ist beschädigt (kürzer als die nötigen 16 Bytes)</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>sie hat keinen Format-Header</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>sie enthält keine Audiodaten</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>ihr Header gibt eine unmögliche Kanalzahl an (%1)</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>ihr Header gibt eine unmögliche Abtastrate an (%1 Hz)</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>sie enthält %1-Audio, das der WAV-Leser von Facet nicht dekodiert</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>sie enthält Audio in der Kodierung 0x%1, die der WAV-Leser von Facet nicht dekodiert</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>ihr Header ist widersprüchlich (%1 Bits pro Sample in Blöcken von %2 Bytes für %3 Kanäle)</translation>
    </message>
    <message>
        <source>mono</source>
        <translation>Mono</translation>
    </message>
    <message>
        <source>stereo</source>
        <translation>Stereo</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 Kanäle</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>%1-Bit-PCM, %2 Hz, %3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>%1-Bit-Gleitkomma, %2 Hz, %3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>A-law, %1 Hz, %2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>mu-law, %1 Hz, %2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>sie enthält kein Audio (0 Samples)</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>sie ist %1 lang</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>Der Header der Audiodatei ist beschädigt (er gibt %1 Kanäle bei %2 Hz an).</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>Die Aufnahme ist %1 lang; Facet nimmt höchstens %2 Audio an. Teilen Sie sie in kürzere Stücke und hängen Sie diese an.</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>Das Dekodieren des Audios wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>Die Aufnahme ist länger als %1; mehr Audio nimmt Facet nicht an. Teilen Sie sie in kürzere Stücke und hängen Sie diese an.</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>Die Audiodatei konnte nicht dekodiert werden: %1. Sie ist möglicherweise beschädigt.</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>Die Audiodatei enthält keinen Ton (0 Samples).</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>Die Audiodatei ist ab %1 beschädigt; nur der Teil davor wurde verwendet.</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>Facet kann diese Audiodatei nicht lesen: Sie liegt in keinem Format vor, das Facet kennt (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …), oder sie ist beschädigt (%1).</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>Die Audiodatei %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>Die Audiodatei %1 ist leer (0 Bytes).</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>Die Audiodatei ist leer (0 Bytes).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>Der Audio-Encoder des Modells hat eine lineare Schicht der Breite %1, die die GPU-Kernel nicht verarbeiten können (nötig ist ein Vielfaches von 4).</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>Das Audio hat eine unmögliche Abtastrate (%1 Hz).</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>Das Audio konnte nicht von %1 Hz umgerechnet werden: %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>Der Audio-Encoder des Modells hat eine Form, die die GPU-Kernel nicht unterstützen (Attention-Block %1, linker Kontext %2, rechter Kontext %3, Faltungskanäle %4 und %5, Breite %6).</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>Die GPU konnte die Gewichte des Audio-Encoders nicht aufnehmen (%1). Schließen Sie andere Programme, die die GPU verwenden, oder verwenden Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>Der Audioclip ist zu lang für den Audio-Encoder auf der GPU (%1 Frames); teilen Sie ihn in kürzere Clips.</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>Die GPU konnte den Audio-Encoder nicht vorbereiten (%1). Schließen Sie andere Programme, die die GPU verwenden, oder nehmen Sie einen kürzeren Clip auf.</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>Die Audiomerkmale haben die falsche Größe (%1 Werte für %2 Frames mit %3 Mel-Bändern).</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>Die Maske der Audiomerkmale hat %1 Einträge für %2 Frames.</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>Die GPU ist beim Kodieren des Audios fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>Das Kodieren des Audios wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>Der Audio-Encoder des Modells ist unvollständig: Der Tensor %1 fehlt. Die Datei ist möglicherweise beschädigt oder ohne Audio-Encoder konvertiert worden; laden Sie sie erneut herunter.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>Der Audio-Encoder des Modells hat den Tensor %1 mit der Form %2, erwartet wird %3; die Datei ist beschädigt oder wurde für ein anderes Modell erstellt.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>Der Audio-Encoder des Modells speichert den Tensor %1 in einem Typ, den Facet nicht lesen kann.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>Der Audio-Encoder des Modells enthält den Tensor %1 in einem Layout, das Facet nicht lesen kann.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>Der Audio-Encoder des Modells hat den Clamp-Tensor %1 mit %2 Werten; erwartet wird 1.</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>Dieses Modell hat keinen Audio-Encoder (keine gemma4.audio-Metadaten) und kann daher kein Audio verarbeiten. Verwenden Sie eine Gemma-4-E2B- oder -E4B-Datei mit Audio oder fügen Sie ihre mmproj-Datei hinzu.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>Die Metadaten des Audio-Encoders des Modells sind widersprüchlich (%1 Schichten, Breite %2, %3 Köpfe).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>Der Audio-Encoder des Modells hat den Tensor a.conv1d.0.weight mit der Form %1; erwartet wird [3, 3, 1, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>Der Audio-Encoder des Modells hat den Tensor a.conv1d.1.weight mit der Form %1; erwartet wird [3, 3, channels, channels].</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>Der Audio-Encoder des Modells hat den Tensor a.blk.0.conv_dw.weight mit dem Kernel %1, laut Metadaten sollte es %2 sein.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>Der Audio-Encoder des Modells hat den Tensor mm.a.input_projection.weight mit der Ausgabebreite %1, das Textmodell hat aber die Breite %2.</translation>
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
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Ein Bild dieser Unterhaltung enthält keine Daten (es wurde möglicherweise von der Festplatte entfernt). Entfernen Sie es und hängen Sie es erneut an.</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Eine Aufnahme dieser Unterhaltung enthält keine Daten (sie wurde möglicherweise von der Festplatte entfernt). Entfernen Sie sie und hängen Sie sie erneut an.</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>Die Projektordatei %1 neben dem Modell kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 hat keinen Bild-Encoder und kann daher keine Bilder lesen. Verwenden Sie eine Gemma-4-Datei mit ihren Bildgewichten (die gemma4-Modelle von Ollama haben sie) oder legen Sie die Projektordatei mmproj-*.gguf des Modells daneben.</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 hat keinen Audio-Encoder und kann daher kein Audio lesen. Verwenden Sie eine Gemma-4-E2B- oder -E4B-Datei mit ihren Audiogewichten oder legen Sie die Projektordatei mmproj-*.gguf des Modells daneben.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>Der Bild-Encoder kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>Der Bild-Encoder projiziert auf die Breite %1, die Textbreite des Modells ist aber %2: Die Projektordatei gehört nicht zu diesem Modell.</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>Die Aufnahme enthält keinen Ton (sie ist leer).</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>Der Audio-Encoder kann nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>Der Audio-Encoder projiziert auf die Breite %1, die Textbreite des Modells ist aber %2: Die Projektordatei gehört nicht zu diesem Modell.</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>Das Vokabular des Modells enthält kein %1-Token und kann daher keine Bilder oder Audio lesen. Verwenden Sie eine Gemma-4-Modelldatei mit den multimodalen Tokens.</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>Starten Sie einen neuen Chat, löschen Sie frühere Nachrichten oder erhöhen Sie die Kontextlänge in den Einstellungen.</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>Versuchen Sie es erneut. Wenn es weiterhin fehlschlägt, laden Sie das Modell neu oder wählen Sie in den Einstellungen ein anderes GPU-Backend.</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>Die Engine wurde beendet.</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 ist kein Gemma-4-Modell (seine Architektur ist „%2“). Facet führt Gemma 4 E2B und E4B aus; wählen Sie eines davon im Bereich „Modelle“.</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>CPU-Referenz (langsam)</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>Unbekanntes GPU-Backend „%1“. Wählen Sie eines der in den Einstellungen aufgeführten Backends.</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>Keine nutzbare GPU: %1. Aktualisieren Sie den Grafiktreiber oder wählen Sie in den Einstellungen ein anderes GPU-Backend oder Gerät.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Es ist kein Modell geladen.</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>Laden Sie ein Modell im Bereich „Modelle“.</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>Ungültige Sampling-Einstellungen: %1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>Korrigieren Sie sie in den Einstellungen der Unterhaltung.</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>Die Unterhaltung ist leer.</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>Geben Sie eine Nachricht ein.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>Auf dem geladenen Modell wird gerade ein LoRA-Adapter trainiert. Pausieren oder stoppen Sie das Training im Bereich „Feinabstimmung“ und laden Sie dann ein anderes Modell.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>Auf diesem Modell wird gerade ein LoRA-Adapter trainiert.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>Das Training läuft: Pausieren oder stoppen Sie es im Bereich „Feinabstimmung“, um zu chatten.</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>Entfernen Sie die Anhänge aus dieser Unterhaltung oder laden Sie ein Modell, das sie lesen kann.</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>Wählen Sie für diese Unterhaltung einen anderen Adapter oder schalten Sie ihn aus.</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>Entfernen oder ersetzen Sie den Anhang und senden Sie dann erneut.</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>Es läuft bereits ein Training.</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>Pausieren oder stoppen Sie es, bevor Sie ein weiteres starten.</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Laden Sie zuerst ein Modell: Die Daten werden mit seinem Tokenizer gemessen.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>Laden Sie das zu trainierende Modell im Bereich „Modelle“.</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>Die Trainingsdaten enthalten %n fehlerhaftes Beispiel:</numerusform>
            <numerusform>Die Trainingsdaten enthalten %n fehlerhafte Beispiele:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>Korrigieren Sie diese Zeilen oder lassen Sie fehlerhafte Zeilen überspringen und trainieren Sie mit %n gutem Beispiel.</numerusform>
            <numerusform>Korrigieren Sie diese Zeilen oder lassen Sie fehlerhafte Zeilen überspringen und trainieren Sie mit den %n guten Beispielen.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>Es gibt nichts zu trainieren: %1 enthält kein brauchbares Beispiel.</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>Wählen Sie eine JSONL-Datei mit mindestens einem Beispiel.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Der Ordner %1 kann nicht erstellt werden.</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>Wählen Sie einen anderen Ausgabeordner.</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>Das Training kann auf diesem Modell nicht laufen: %1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>Laden Sie das Modell erneut oder wählen Sie in den Einstellungen ein anderes Gerät.</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>Wählen Sie einen anderen Ausgabeordner oder die Einstellungen und Daten des Trainingslaufs darin.</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>Senken Sie die Lernrate oder prüfen Sie die Daten und starten Sie dann erneut (der letzte Checkpoint bleibt erhalten).</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>Der Adapter kann nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>Prüfen Sie den freien Speicherplatz und die Zugriffsrechte des Ausgabeordners.</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>Laden Sie zuerst das Basismodell, auf dem der Adapter trainiert wurde.</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>Unbekannter Typ „%1“ für die zusammengeführten Gewichte.</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>Der Adapter %1 kann nicht gelesen werden: %2</translation>
    </message>
</context>
</TS>
