<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 n’existe pas. Choisissez un dossier d’adaptateur PEFT ou un fichier LoRA GGUF.</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 n’est pas un adaptateur PEFT : il faut adapter_config.json et adapter_model.safetensors. Choisissez le dossier qui contient les deux (le dossier d’adaptateur d’un entraînement), ou un fichier LoRA GGUF.</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>Le fichier adapter_config.json de %1 ne peut pas être lu comme du JSON. Enregistrez à nouveau l’adaptateur ou choisissez-en un autre.</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 n’est ni un dossier d’adaptateur PEFT ni un fichier LoRA GGUF (%2). Choisissez le dossier d’adaptateur ou l’adaptateur .gguf écrit par un entraînement.</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 est un modèle GGUF, pas un adaptateur LoRA. Chargez les modèles dans le panneau Modèles ; choisissez ici un adaptateur (un dossier PEFT ou un fichier LoRA GGUF).</translation>
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
        <translation>Aucun</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>Le modèle de base, sans adaptateur</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>Un dossier d’adaptateur PEFT ou un fichier LoRA GGUF</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>Choisir un adaptateur</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>Adaptateurs (*.gguf adapter_config.json adapter_model.safetensors);;LoRA GGUF (*.gguf);;Dossier d’adaptateur PEFT (adapter_config.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>Intensité de l’adaptateur ×%1</translation>
    </message>
    <message>
        <source>&amp;Adapter:</source>
        <translation>&amp;Adaptateur :</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adaptateur</translation>
    </message>
    <message>
        <source>The LoRA adapter this conversation runs through: none, a recent one, or browse for a PEFT folder or a GGUF LoRA file</source>
        <translation>L’adaptateur LoRA par lequel passe cette conversation : aucun, un adaptateur récent, ou parcourez pour choisir un dossier PEFT ou un fichier LoRA GGUF</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>Faire passer cette conversation par l’adaptateur (désactivé, le choix est conservé)</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>Utiliser l’adaptateur</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>Intensité de l’adaptateur</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>L’intensité avec laquelle l’adaptateur modifie le modèle, de 0 (le modèle de base) à 2 fois</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>Valeur de l’intensité de l’adaptateur</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparer</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>Répondre au message en cours de saisie, ou à défaut à la dernière question, une fois avec le modèle de base et une fois avec l’adaptateur, côte à côte</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>Comparer avec le modèle de base</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>Déposer pour joindre</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>Image déposée</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Image collée</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>« %1 » n’est pas un fichier image ou audio que Facet sait lire (type détecté : %2). Joignez des images PNG, JPEG, WebP, GIF ou BMP, ou de l’audio WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>« %1 » n’est pas un fichier image ou audio que Facet sait lire. Joignez des images PNG, JPEG, WebP, GIF ou BMP, ou de l’audio WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>« %1 » pèse %2 ; les images peuvent peser au plus %3. Réduisez-la ou enregistrez-la en JPEG, puis ajoutez-la à nouveau.</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>« %1 » mesure %2 × %3 pixels (%4 mégapixels) ; les images peuvent avoir au plus %5 mégapixels. Réduisez-la, puis ajoutez-la à nouveau.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>« %1 » dure %2 ; les pièces jointes audio peuvent durer au plus %3. Raccourcissez-le, puis ajoutez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>« %1 » est introuvable. Il a peut-être été déplacé ou supprimé.</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>« %1 » est un dossier. Ajoutez plutôt les fichiers qu’il contient.</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>Facet ne peut pas ouvrir « %1 » (%2). Vérifiez que vous avez le droit de le lire.</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>« %1 » est vide (0 octet).</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>« %1 » est trop volumineux pour être lu (%2) ; les pièces jointes audio peuvent durer au plus %3. Raccourcissez-le, puis ajoutez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>« %1 » n’a pas pu être lu (%2).</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>« %1 » est un fichier WAV endommagé : %2. Exportez-le à nouveau depuis le programme qui l’a créé.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>« %1 » n’est pas une image que Facet sait lire (type détecté : %2). Utilisez PNG, JPEG, WebP, GIF ou BMP.</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>« %1 » n’est pas une image que Facet sait lire. Utilisez PNG, JPEG, WebP, GIF ou BMP.</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>« %1 » est tronqué : le fichier se termine avant la fin de l’image. Copiez-le ou téléchargez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>« %1 » n’a pas pu être décodé (%2). Le fichier est peut-être endommagé ; vérifiez-le dans une visionneuse d’images.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>« %1 » n’est pas un fichier de cet ordinateur et n’a pas été joint. Enregistrez-le d’abord, puis joignez le fichier enregistré.</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>« %1 » et %2 autres ne sont pas des fichiers de cet ordinateur et n’ont pas été joints. Enregistrez-les d’abord, puis joignez les fichiers enregistrés.</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>« %1 » n’est pas un fichier de cet ordinateur. Enregistrez-le d’abord, puis joignez le fichier enregistré.</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>Il n’y a ici aucune image, aucun audio ni aucun fichier à joindre.</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>L’importation a échoué pour une raison inconnue.</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentText</name>
    <message>
        <source>1 byte</source>
        <comment>file size</comment>
        <translation>1 octet</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <comment>file size</comment>
        <translation>%1 octets</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 Ko</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 Mo</translation>
    </message>
    <message>
        <source>%1, audio, %2</source>
        <extracomment>audio attachment: file name, length (m:ss)</extracomment>
        <translation>%1, audio, %2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1, image, %2 × %3 pixels, %4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>Retirer « %1 »</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>Retire cette pièce jointe du message en cours de rédaction</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Pièces jointes</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>Les images et l’audio qui accompagnent le prochain message</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>Ajout des pièces jointes…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problème de pièce jointe</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>Pourquoi une image ou un fichier audio n’a pas été joint</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>Fermer le message</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>Masque le message sur les pièces jointes qui ont échoué</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>Le presse-papiers ne contient aucune image ni aucun fichier à joindre. Copiez d’abord une image ou un fichier.</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Image collée</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>Images et audio (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Images (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>Audio (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>Joindre des images ou de l’audio</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>Nombre de pièces jointes</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Pièces jointes</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Images et audio pour le prochain message, et l’enregistreur du microphone</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>Pièces jointes du prochain message</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>Aucune pièce jointe pour l’instant.</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>Déposez ici des images ou des fichiers audio, collez-les avec Ctrl+V ou ajoutez des fichiers. Jusqu’à %1 par message ; images jusqu’à %2, audio jusqu’à %3 (m:ss).</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>&amp;Ajouter des fichiers…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>Ajouter des fichiers</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>Choisir des images ou des fichiers audio à joindre</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Coller</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>Coller depuis le presse-papiers</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>Joint l’image ou les fichiers du presse-papiers</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>Tout retirer</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>Retirer toutes les pièces jointes</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>Retire toutes les pièces jointes du message</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microphone</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>« %1 » n’a pas pu être décodé : le décodeur audio n’a pas répondu pendant %2 s. Convertissez le fichier en WAV et ajoutez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>« %1 » dure %2 ; les pièces jointes audio peuvent durer au plus %3. Raccourcissez-le, puis ajoutez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>« %1 » ne peut pas être décodé : cet ordinateur n’a pas de décodeur audio pour Qt Multimedia. Installez les greffons audio de GStreamer ou convertissez le fichier en WAV.</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>« %1 » n’a pas pu être décodé : le décodeur a fourni des échantillons dans un format inconnu.</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>« %1 » dure plus de %2 ; c’est la durée maximale des pièces jointes audio. Raccourcissez-le, puis ajoutez-le à nouveau.</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>« %1 » ne contient pas d’audio.</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>Facet n’a pas le droit de lire « %1 » (%2). Vérifiez les permissions du fichier.</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>« %1 » ne peut pas être décodé sur cet ordinateur (%2). Installez les greffons audio de GStreamer ou convertissez le fichier en WAV.</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>« %1 » n’est pas un audio que Facet sait décoder (%2). Utilisez WAV, FLAC, MP3 ou OGG.</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>« %1 » n’a pas pu être lu (%2). Le fichier est peut-être endommagé ou illisible.</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>Le microphone « %1 » n’indique aucun format d’échantillon utilisable par Facet. Choisissez une autre entrée.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>Le microphone « %1 » n’a pas pu être ouvert. Un autre programme l’utilise peut-être, ou Facet n’y est pas autorisé : vérifiez les paramètres de son et de confidentialité du système.</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>La lecture du microphone « %1 » a échoué. Il a peut-être été débranché.</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>Le microphone « %1 » a cessé de fonctionner. Il a peut-être été débranché.</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>Aucun microphone n’a été trouvé. Branchez-en un, vérifiez qu’il apparaît dans les paramètres de son du système, puis réessayez.</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>Le microphone « %1 » n’est plus disponible. Choisissez une autre entrée.</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>Le microphone « %1 » n’a pas pu être ouvert.</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 L’enregistrement déjà effectué (%2) est conservé.</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>Le microphone « %1 » fournit des échantillons dans un format que Facet ne connaît pas. Choisissez une autre entrée.</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>L’enregistrement s’est arrêté à sa durée maximale de %1.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>Le microphone « %1 » a été déconnecté.</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>Le microphone « %1 » a été déconnecté. L’enregistrement déjà effectué (%2) est conservé.</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>Il n’y a pas encore d’enregistrement à lire.</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>Il n’y a aucune sortie audio (haut-parleurs ou casque) pour lire l’enregistrement.</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>La sortie audio « %1 » n’accepte aucun format que Facet sait lire.</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>La lecture de l’enregistrement a échoué : la sortie audio s’est arrêtée.</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>La sortie audio « %1 » n’a pas pu être ouverte. Un autre programme l’utilise peut-être.</translation>
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
        <translation>Le plus petit et le plus rapide ; fonctionne sur la plupart des GPU.</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>De meilleures réponses ; nécessite environ deux fois la mémoire de E2B.</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 bits : le compromis habituel entre taille et qualité.</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 bits : proche de l’original, plus volumineux.</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>Poids d’origine non quantifiés, le plus volumineux.</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>Texte, images et audio.</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>Texte uniquement.</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>Impossible de lire le catalogue %1 : %2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>Le catalogue %1 n’est pas un JSON valide : %2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>un champ est manquant ou invalide</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>Entrée de catalogue %1 (%2) : %3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>Le catalogue %1 ne contient aucun modèle.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>Choisissez un adaptateur pour cette conversation afin de le comparer au modèle de base.</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>Ce message ne fait plus partie de la conversation.</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>Il n’y a aucune question sur laquelle comparer les réponses.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copié dans le presse-papiers.</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Arrêté à la fermeture de Facet.</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>Démarre une nouvelle conversation vide (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>Recherche en texte intégral dans tous les messages ; la liste affiche les conversations correspondantes</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>Vos conversations, les plus récentes en premier. Entrée en ouvre une ; le menu contextuel permet de la renommer, de l’exporter ou de la supprimer.</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titre de la conversation</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>Modèle chargé</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>Contexte utilisé</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>Part du contexte du modèle qu’occupe cette conversation</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>Paramètres de la discussion</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>Prompt système et échantillonnage de cette conversation</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>Modifier le prompt système et les paramètres d’échantillonnage de cette conversation</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Fil de la conversation</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>Les messages de cette conversation</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Écrire à Gemma… (Entrée envoie, Maj+Entrée ajoute une ligne)</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>Saisissez votre message. Entrée ou Ctrl+Entrée l’envoie ; Maj+Entrée ajoute une ligne.</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>Joindre des images ou des fichiers audio (Ctrl+Maj+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Joindre des fichiers</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>Ouvre le panneau Pièces jointes pour ajouter des images ou de l’audio</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>Enregistrer un message vocal (Ctrl+Maj+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>Enregistrer la voix</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>Enregistre depuis le microphone dans le panneau Pièces jointes</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>Réfléchir</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>Laisser le modèle raisonner étape par étape avant de répondre</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>Mode réflexion</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>Activé, le modèle réfléchit avant de répondre ; ses réflexions apparaissent dans un bloc repliable</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>Avis</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Arrêter la génération</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>Arrête la réponse en cours d’écriture (Échap)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>Envoie votre message au modèle (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>Arrêter (Échap)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>Envoyer (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 jetons</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n message(s)</source>
        <translation>
            <numerusform>%1 · %n message</numerusform>
            <numerusform>%1 · %n messages</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>Aucune conversation ne mentionne « %1 ».</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renommer…</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Exporter en JSON…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titre :</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>Supprimer « %1 » et tous ses messages ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Exporter en JSON</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Exporter en Markdown</translation>
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
        <translation>Cette réponse a été interrompue.</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>Impossible de démarrer une conversation : %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>Aucun modèle n’est chargé. Chargez-en un dans le panneau Modèles, puis renvoyez ; votre message est conservé.</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>Votre message n’a pas pu être enregistré : %1. Il se trouve toujours dans la zone de saisie.</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>Impossible d’enregistrer la réponse : %1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>Lecture de la conversation…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>Réponse en cours (%1 jetons du prompt sur %2 réutilisés)…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>Réponse en cours (%1 jetons de prompt)…</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n jeton</numerusform>
            <numerusform>%n jetons</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 jetons/s</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>premier jeton en %1 s</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 en cache</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>limite de longueur atteinte</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>Le contexte est plein : la réponse s’est arrêtée à %1 jetons.</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>Démarrez une nouvelle discussion ou augmentez la longueur de contexte dans les Paramètres.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>Terminé : %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>Aucun modèle n’est chargé. Chargez-en d’abord un dans le panneau Modèles.</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>Impossible d’enregistrer le message modifié : %1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>Enregistré comme exemple d’entraînement dans %1.</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>Impossible d’enregistrer l’exemple d’entraînement : %1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>Impossible d’exporter vers %1 : %2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>Exporté vers %1.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>Instructions que le modèle suit pendant toute cette conversation</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>Prompt système :</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>Lecture des pièces jointes… %1 %</translation>
    </message>
    <message>
        <source>adapter %1</source>
        <translation>adaptateur %1</translation>
    </message>
    <message>
        <source>base model</source>
        <translation>modèle de base</translation>
    </message>
    <message>
        <source>An answer is being written. Wait for it (or stop it), then choose the adapter again.</source>
        <translation>Une réponse est en cours d’écriture. Attendez-la (ou arrêtez-la), puis choisissez à nouveau l’adaptateur.</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>Nouvelle discussion avec l’adaptateur %1.</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>L’adaptateur %1 n’a pas pu être utilisé ; cette conversation repasse donc sur le modèle de base (le message ci-dessus en donne la raison). Choisissez un adaptateur conçu pour ce modèle, ou corrigez le fichier et choisissez-le à nouveau.</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>Choisissez d’abord un adaptateur : la comparaison répond une fois avec le modèle de base et une fois avec l’adaptateur.</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>Saisissez une question pour comparer la réponse du modèle de base à celle de l’adaptateur.</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>Comparaison du modèle de base et de l’adaptateur…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>Comparaison terminée : gardez l’une des réponses, ou fermez la comparaison.</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>Impossible d’enregistrer la question : %1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>Réponse de l’adaptateur conservée.</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>Réponse du modèle de base conservée.</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>Appel de l’outil %1.</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Erreur : %1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>Erreur : %1 Que faire : %2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>Les messages de cette conversation, les plus anciens en premier</translation>
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
        <translation>%1 (en cours d’écriture…)</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copié</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>Copier ce code dans le presse-papiers</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Copier le code</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>Copie exactement le code de ce bloc (%1)</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>Code : %1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>Code en lecture seule ; sélectionnez-le au clavier ou à la souris</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>Bloc de code : %1</translation>
    </message>
</context>
<context>
    <name>facet::app::ComparisonView</name>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>Arrêter les deux réponses</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>Fermer la comparaison ; la conversation reste telle quelle</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Modèle de base</translation>
    </message>
    <message>
        <source>Adapter %1</source>
        <translation>Adaptateur %1</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <translation>Garder cette réponse</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>Ajouter cette réponse à la conversation</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>Garder la réponse du modèle de base</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>Garder la réponse de l’adaptateur</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>Réponse du modèle de base</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>Réponse de l’adaptateur</translation>
    </message>
    <message>
        <source>Compared prompt</source>
        <translation>Prompt comparé</translation>
    </message>
</context>
<context>
    <name>facet::app::ConversationStore</name>
    <message>
        <source>The disk is full, so the conversation could not be saved. Free some space and try again.</source>
        <translation>Le disque est plein : la conversation n’a pas pu être enregistrée. Libérez de l’espace et réessayez.</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>La base de données des conversations est en lecture seule (%1). Vérifiez les permissions du fichier et de son dossier.</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>La base de données des conversations est utilisée par un autre programme (Facet est-il lancé deux fois ?). Fermez l’autre et réessayez.</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>La lecture ou l’écriture de la base de données des conversations a échoué (%1). Le disque est peut-être plein ou défaillant : libérez de l’espace ou vérifiez le disque, puis réessayez.</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>La base de données des conversations ne peut pas être ouverte (%1). Vérifiez que son dossier existe et est accessible en écriture.</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>La base de données des conversations est endommagée (%1).</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>Erreur de base de données inconnue.</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>La température doit être supérieure ou égale à 0 (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k doit valoir 0 (désactivé) ou plus (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p doit être compris entre 0 et 1 (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p doit être compris entre 0 et 1 (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>La pénalité de répétition doit être supérieure à 0 (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>Les pénalités de présence et de fréquence doivent être des nombres.</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>La limite de jetons doit valoir 0 (jusqu’à l’arrêt du modèle) ou plus (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>Utilisateur</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>Système</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>Résultat d’outil</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>La base de données des conversations n’est pas ouverte.</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>Il n’existe aucun dossier pour les données d’application : les conversations ne peuvent pas être enregistrées. Vérifiez que votre dossier personnel existe.</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 est un dossier, pas une base de données de conversations. Déplacez-le ailleurs et réessayez.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>Impossible de créer le dossier %1 pour la base de données des conversations. Vérifiez que l’emplacement existe et que vous pouvez y écrire.</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>Le dossier %1 n’est pas accessible en écriture : les conversations ne peuvent pas être enregistrées. Vérifiez ses permissions.</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>La base de données des conversations %1 est en lecture seule. Vérifiez ses permissions.</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>Impossible de lire la base de données des conversations %1 : %2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>ce n’est pas une base de données SQLite</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>La base de données des conversations %1 est endommagée (%2) et n’a pas pu être mise de côté : %3. Déplacez-la vous-même ailleurs et relancez Facet.</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>Votre historique de conversations était endommagé et illisible : Facet en a donc créé un nouveau, vide. L’ancien fichier a été conservé sous %1 ; des outils comme « .recover » de sqlite3 peuvent permettre d’en récupérer des conversations. (Détails : %2)</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>Le pilote SQLite de Qt (QSQLITE) est absent : les conversations ne peuvent pas être enregistrées. Installez-le (Debian : libqt6sql6-sqlite).</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>La vérification de SQLite a trouvé : %1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>le renommage a échoué</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>il a disparu</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>le renommage de %1 a échoué</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>La base de données des conversations %1 a été écrite par une version plus récente de Facet (schéma %2 ; cette version lit jusqu’au schéma %3). Mettez Facet à jour, ou déplacez le fichier ailleurs pour repartir d’un historique vide.</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>La base de données des conversations utilise la recherche en texte intégral de SQLite (FTS5), absente de la bibliothèque SQLite de ce système. Installez un SQLite avec FTS5.</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>La configuration de la base de données des conversations a échoué : %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>Il n’existe aucune conversation avec l’identifiant %1.</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>L’état enregistré du modèle %1 pour cette conversation n’a pas pu être supprimé. Vérifiez les permissions du dossier.</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>Rôle de message inconnu « %1 » (attendu : system, user, assistant ou tool).</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>La pièce jointe « %1 » n’est ni une image ni de l’audio.</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>Il n’existe aucun message avec l’identifiant %1 dans la conversation %2 auquel répondre.</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>Il n’existe aucun message avec l’identifiant %1.</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>La branche sous le message %1 n’a pas pu être lue.</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>Créée le : %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Modèle : %1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>Exporté depuis Facet</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>Appels d’outils :</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>Audio : %1 (%2, %3 s)</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>Image : %1 (%2, %3)</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Erreur :</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>(réponse incomplète)</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>Seule une réponse de l’assistant peut terminer un exemple d’entraînement.</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>Aucun fichier n’a été indiqué pour l’exemple d’entraînement.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>Impossible de créer le dossier %1 pour les données d’entraînement. Choisissez un autre emplacement.</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 est un dossier ; choisissez un fichier pour les données d’entraînement.</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>Impossible d’ouvrir %1 pour enregistrer l’exemple d’entraînement : %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Impossible de lire %1 : %2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>L’exemple d’entraînement n’a pas pu être enregistré dans %1 : %2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>L’intensité de l’adaptateur doit être comprise entre 0 et 2 (valeur reçue : %1).</translation>
    </message>
    <message>
        <source>Adapter: %1 ×%2</source>
        <translation>Adaptateur : %1 ×%2</translation>
    </message>
</context>
<context>
    <name>facet::app::DownloadRow</name>
    <message numerus="yes">
        <source>%n s left</source>
        <translation>
            <numerusform>%n s restante</numerusform>
            <numerusform>%n s restantes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>%n min restante</numerusform>
            <numerusform>%n min restantes</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>%1 h %2 min restantes</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 sur %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Téléchargement</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pause</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>Vérification</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Reprendre</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>&amp;Retirer</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>Progression de %1</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>Reprendre le téléchargement de %1</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>Mettre en pause le téléchargement de %1</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>Arrête le téléchargement et conserve ce qui a été reçu ; la reprise continue à partir de là.</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>Retirer le téléchargement de %1</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>Annuler le téléchargement de %1</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>Retire cette entrée de la liste.</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>Arrête le téléchargement et supprime le fichier partiel.</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>Erreur de téléchargement</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>Progression du téléchargement</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>État du téléchargement</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>Modèle en téléchargement</translation>
    </message>
</context>
<context>
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>Données</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>Adaptateur</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Saves a checkpoint and stops; Resume continues from it.</source>
        <translation>Enregistre un point de contrôle et s’arrête ; Reprendre repart de celui-ci.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>Termine l’entraînement maintenant et enregistre l’adaptateur en l’état.</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Données d’&amp;entraînement :</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>Un fichier JSONL : choisissez-en un ou déposez-le ici</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Fichier de données d’entraînement</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>Choisir le fichier de données d’entraînement</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>Données de &amp;validation :</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>Facultatif : un fichier JSONL d’exemples mis de côté</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>Fichier de données de validation</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>Choisir le fichier de données de validation</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>Ou &amp;réserver :</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>Part réservée à la validation</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>La part des données d’entraînement gardée pour la validation quand aucun fichier de validation n’est indiqué</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>Ignorer les lignes incorrectes (entraîner sur les bons exemples)</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>Vérifier les données</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>Premiers exemples tels que le modèle les voit (en surbrillance : ce qu’il apprend à écrire) :</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>Problèmes de données et histogramme des longueurs</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>Exemples mis en forme</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>&amp;Préréglage :</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>&amp;Rang :</translation>
    </message>
    <message>
        <source>&amp;Alpha:</source>
        <translation>&amp;Alpha :</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>&amp;Dropout :</translation>
    </message>
    <message>
        <source>Adapted projections:</source>
        <translation>Projections adaptées :</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>&amp;Taux d’apprentissage :</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>Pla&amp;nification :</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>Préc&amp;hauffage :</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>Épo&amp;ques :</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>Étapes ma&amp;x :</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>Jetons par &amp;lot :</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>Norme de &amp;gradient max :</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>É&amp;valuer toutes les (étapes) :</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>Point de &amp;contrôle toutes les (étapes) :</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>Grain&amp;e :</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>Exemple le plus long (&amp;jetons) :</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>Dossier de &amp;sortie :</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>Prompts d’essa&amp;i :</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>Rapide : rang 8, attention seulement, 1 époque</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>Équilibré : rang 16, attention et FFN, 2 époques</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>Approfondi : rang 32, attention et FFN, 3 époques, lr 1e-4</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Personnalisé</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Constant</translation>
    </message>
    <message>
        <source>Linear decay</source>
        <translation>Décroissance linéaire</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>Cosinus</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>Cosinus avec redémarrages</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Aucune limite</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>À la fin seulement</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>Pas d’écrêtage</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>Dossier de sortie</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>Prompts d’essai</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>Un prompt par ligne, auquel le modèle répond à chaque évaluation ; vide : les prompts des premiers exemples de validation</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>Jetons entraînés par étape de l’optimiseur (les gradients de plusieurs exemples sont accumulés)</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>Les exemples plus longs sont coupés à ce nombre de jetons</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>Les réponses d’essai à chaque évaluation nécessitent le GPU : la référence CPU sur laquelle tourne le modèle ne peut pas exécuter d’adaptateur.</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>Réponses d’essai à chaque évaluation (gloutonnes, avec l’adaptateur de cette étape) :</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>Réponses d’essai</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Progression de l’entraînement</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>Discuter avec cet adaptateur</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>Enregistrer comme dossier PEFT (Hugging Face)…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>Enregistrer comme LoRA GGUF (llama.cpp, Ollama ADAPTER)…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>Poids comme dans le modèle</translation>
    </message>
    <message>
        <source>Adapted weights as Q8_0</source>
        <translation>Poids adaptés en Q8_0</translation>
    </message>
    <message>
        <source>Adapted weights as F16</source>
        <translation>Poids adaptés en F16</translation>
    </message>
    <message>
        <source>Merged weights&apos; type</source>
        <translation>Type des poids fusionnés</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>Exporter un GGUF fusionné…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>Le modèle chargé avec l’adaptateur intégré à ses poids : un modèle ordinaire pour Ollama et llama.cpp</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>Progression de l’exportation</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>Entraînement d’un adaptateur pour &lt;b&gt;%1&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>Aucun modèle n’est chargé : chargez le modèle à affiner dans le panneau Modèles.</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>Données d’entraînement</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>Données de validation</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Chargez d’abord un modèle : les données sont mesurées avec son tokeniseur.</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>Choisissez d’abord les données d’entraînement.</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>Vérification de %1…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>Choisissez un fichier JSONL d’exemples (ou déposez-en un ici) : {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} ou {&quot;text&quot;}, un par ligne.</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>%1 au total, dont %2 pour l’entraînement et %3 pour la validation.</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 exemple</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 exemples</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>%n ligne incorrecte sera ignorée.</numerusform>
            <numerusform>%n lignes incorrectes seront ignorées.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>%n ligne incorrecte : corrigez-la ou choisissez de l’ignorer.</numerusform>
            <numerusform>%n lignes incorrectes : corrigez-les ou choisissez de les ignorer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>%n exemple de plus de %1 jetons sera coupé.</numerusform>
            <numerusform>%n exemples de plus de %1 jetons seront coupés.</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>Longueurs : %1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>Validation : %1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>Coupées (plus de %1 jetons) : lignes %2</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>Jetons par exemple :</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>Ligne %1 : %2 jetons, %3 entraînés%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation> (coupé)</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>Chargez un modèle pour voir ce que demande l’entraînement.</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>Estimation : environ %1 de mémoire GPU (poids %2, adaptateur de %3 paramètres %4, activations %5).</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>Environ %1 pour %n étape (%2 jetons à %3 jetons/s supposés ; la vitesse mesurée s’affiche une fois l’entraînement lancé).</numerusform>
            <numerusform>Environ %1 pour %n étapes (%2 jetons à %3 jetons/s supposés ; la vitesse mesurée s’affiche une fois l’entraînement lancé).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>Vérifiez les données pour estimer la durée.</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>Choisissez au moins une projection à adapter.</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>Choisissez un dossier de sortie.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Reprise…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>Préparation des données et du modèle…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>Mise en pause après cette étape…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Arrêt après cette étape…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Étape %1 sur %2</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>Cet entraînement : rang %1, alpha %2 sur %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>taux d’apprentissage %1 (%2), %3 % de préchauffage</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>jetons entraînés par étape : %1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>Entraînement en cours, repris à l’étape %1 sur %2.</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>Entraînement : %n étape.</numerusform>
            <numerusform>Entraînement : %n étapes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>Époque %1 sur %2</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 jetons entraînés/s</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>Perte %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>(validation %1)</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>Temps restant : %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>En pause à l’étape %1 sur %2 ; le point de contrôle se trouve dans %3. Reprendre repart de celui-ci.</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>Arrêté à l’étape %1 sur %2 ; l’adaptateur de cette étape est enregistré.</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>Entraînement terminé : %n étape.</numerusform>
            <numerusform>Entraînement terminé : %n étapes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>Adaptateur : %1 (LoRA GGUF) et %2 (dossier PEFT).</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>Il n’y a aucun adaptateur terminé dans %1.</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>Impossible de créer %1.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Impossible d’écrire %1.</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Écriture de %1…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>Enregistrer l’adaptateur PEFT dans</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>Adaptateur PEFT enregistré dans %1.</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>Enregistrer le LoRA GGUF</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>LoRA GGUF enregistré dans %1.</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>Exporter le modèle fusionné</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>Modèle fusionné exporté vers %1.</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>L’exportation a été annulée.</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>Reprend l’entraînement à partir du point de contrôle du dossier de sortie (avec les mêmes paramètres et données).</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>Lance l’entraînement d’un nouvel adaptateur.</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>Pas encore d’adaptateur : l’adaptateur de l’entraînement terminé apparaîtra ici.</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>Environ %1 pour %n étape (%2 jetons entraînés à %3 jetons/s, la vitesse mesurée par le dernier entraînement sur ce modèle et cet appareil).</numerusform>
            <numerusform>Environ %1 pour %n étapes (%2 jetons entraînés à %3 jetons/s, la vitesse mesurée par le dernier entraînement sur ce modèle et cet appareil).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>Annonces de la réponse en cours d’écriture</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>Bloc de code.</translation>
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
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>Modèles installés, catalogue Gemma 4 et téléchargements</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>&amp;Modèles</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Aucun modèle trouvé pour l’instant : téléchargez-en un dans le panneau Modèles.</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>Conversations indisponibles</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>Facet ne peut pas ouvrir sa base de données des conversations : %1
Les discussions ne seront pas enregistrées tant que ce problème ne sera pas résolu.</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>Base de données des conversations récupérée</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>Exporter la conversation</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>À propos de Facet</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Exécute Gemma 4 de Google sur votre propre GPU via Qt RHI. Rien ne quitte cet ordinateur.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>Les conversations et la discussion avec le modèle</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>Pièces jointes</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>Images et audio pour le prochain message, et l’enregistreur du microphone</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Affinage</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>Entraînement d’un adaptateur LoRA sur vos propres données</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>&amp;Exporter la conversation…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Discussion</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Envoyer</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>&amp;Régénérer la dernière réponse</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>Joindre des &amp;fichiers…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>Démarrer ou arrêter l’enre&amp;gistrement</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>Aller à la zone de saisie</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>&amp;Pièces jointes</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>A&amp;ffinage</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>Afficher la &amp;réflexion</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;ide</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>À &amp;propos de Facet</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>Annuler le chargement</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>Arrête le chargement du modèle</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>Progression du chargement du modèle</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>Chargement %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>%1 chargé sur %2 en %3 s (contexte de %4 jetons)</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Le chargement de %1 a été annulé.</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>Impossible de charger %1</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>Impossible de charger le modèle</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>Facet n’a pas pu charger %1.</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>Paramètres enregistrés. Les changements de GPU et de contexte s’appliqueront au prochain chargement d’un modèle.</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>%1 chargé sur %2 en %3 s (contexte limité à %4 jetons, le maximum de ce modèle)</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>Le serveur d’API n’a pas pu démarrer : %1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API : %n requête</numerusform>
            <numerusform>API : %n requêtes</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API active</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>Le serveur d’API écoute sur %1 ; il répond dès qu’un modèle est chargé.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>Le serveur d’API sert %1 sur %2.</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>Le serveur d’API sert %1 sur %2, et les adaptateurs de la discussion en tant que %3.</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>Prompt système</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>Vous</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Résultat d’outil</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>Votre message</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>Texte (%1)</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>Sélectionnez du texte au clavier ou à la souris ; les liens s’ouvrent dans votre navigateur</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <comment>a tool&apos;s result</comment>
        <translation>Résultat de %1</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>Appel d’outil : %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>En cours d’écriture</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Échec : %1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>Version %1 sur %2</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>Message système</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>Message de l’utilisateur</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>Message de l’assistant</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>Message d’outil</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>Résultat d’outil : %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>Copier tout le message (Markdown)</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>Copie le texte de ce message avec son Markdown dans le presse-papiers</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>Modifier ce message et le renvoyer</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>Ouvre un éditeur pour ce message ; l’enregistrer le renvoie comme nouvelle version</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>Réécrire cette réponse</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>Demande au modèle une nouvelle réponse à la place de celle-ci</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>Arrêter la lecture à voix haute</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>Arrête la lecture à voix haute de cette réponse</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>Lire à voix haute</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>Aucun moteur de synthèse vocale n’est installé : les réponses ne peuvent pas être lues à voix haute. Installez-en un (sous Debian : speech-dispatcher et le greffon vocal de Qt), puis redémarrez Facet.</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>Indisponible : aucun moteur de synthèse vocale n’est installé</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>Lire cette réponse à voix haute</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>Lit la réponse à voix haute, sans les symboles Markdown ni les blocs de code</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>Enregistrer comme exemple</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>Enregistrer cet échange comme exemple d’entraînement</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>Ajoute la question et cette réponse à un jeu de données d’affinage</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>Supprimer ce message</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>Retire ce message de la conversation</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Version précédente</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Version suivante</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Réflexion…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>A réfléchi %n s</numerusform>
            <numerusform>A réfléchi %n s</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>Réflexions</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>Masquer le raisonnement du modèle</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>Afficher le raisonnement du modèle</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>Raisonnement : %1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>Développé ; appuyez sur Espace pour masquer le raisonnement du modèle</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>Replié ; appuyez sur Espace pour afficher le raisonnement du modèle</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>Le raisonnement du modèle</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>Texte écrit par le modèle avant sa réponse</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Un problème est survenu</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>Que faire : %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>Que faire</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Écriture…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>Image : %1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>Audio : %1, %2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>Modifier le message</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Ctrl+Entrée enregistre et renvoie, Échap annule</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>Enregistrer &amp;&amp; renvoyer</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>Enregistrer et renvoyer</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>Remplace le message par le texte modifié et demande une nouvelle réponse</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>Annuler la modification</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>Conserve le message tel quel</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n jeton</numerusform>
            <numerusform>%n jetons</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens of context</source>
        <translation>
            <numerusform>%n jeton de contexte</numerusform>
            <numerusform>%n jetons de contexte</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLibrary</name>
    <message>
        <source>Opened file %1: %2</source>
        <translation>Fichier ouvert %1 : %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>Ce modèle se trouve dans le stockage d’Ollama, que Facet ne fait que lire. Supprimez-le avec « ollama rm %1 ».</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>Ce fichier appartient à LM Studio, que Facet ne fait que lire. Supprimez-le dans LM Studio.</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>Facet n’a pas téléchargé ce fichier et ne le supprime donc pas. Utilisez « Oublier » pour le retirer de la liste.</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>Saisissez un nom Ollama comme gemma4:e2b, ou l’adresse d’un fichier GGUF sur Hugging Face.</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>Ce n’est pas une adresse web valide.</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>Utilisez une adresse https:// : aucun téléchargement ne se fait en http simple.</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>Seules les adresses https:// peuvent être téléchargées.</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>Seules les adresses Hugging Face (huggingface.co) peuvent être téléchargées ; pour les modèles Ollama, saisissez le nom, p. ex. gemma4:e2b.</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>Cette adresse Hugging Face ne désigne pas un fichier. Ouvrez le fichier dans la page « Files » du dépôt et copiez son lien de téléchargement, comme %1.</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>L’adresse contient des caractères qu’un nom de dépôt ou de fichier Hugging Face ne peut pas contenir.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>« %1 » n’est pas un fichier GGUF. Facet n’exécute que des fichiers .gguf.</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>Pour télécharger un fichier depuis Hugging Face, indiquez aussi le dépôt : ORG/REPO/FILE.gguf (par exemple unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>« %1 » n’est pas un nom Hugging Face valide : l’organisation, le dépôt et le fichier ne peuvent contenir que des lettres, des chiffres, &apos;-&apos;, &apos;_&apos; et &apos;.&apos;.</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>Les noms de modèles ne contiennent pas d’espaces. Saisissez un nom Ollama comme gemma4:e2b ou library/gemma4:e4b.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>« %1 » n’est pas un nom de modèle Ollama. Utilisez NOM:TAG ou ESPACE/NOM:TAG, par exemple gemma4:e2b ou library/gemma4:e4b.</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelsDock</name>
    <message>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <source>Models on this computer, the Gemma 4 catalogue and downloads</source>
        <translation>Modèles de cet ordinateur, catalogue Gemma 4 et téléchargements</translation>
    </message>
    <message>
        <source>&amp;Installed</source>
        <translation>&amp;Installés</translation>
    </message>
    <message>
        <source>Cata&amp;logue</source>
        <translation>Cata&amp;logue</translation>
    </message>
    <message>
        <source>Model pages</source>
        <translation>Pages des modèles</translation>
    </message>
    <message>
        <source>Switch between installed models and the catalogue</source>
        <translation>Basculer entre les modèles installés et le catalogue</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Longueur de conte&amp;xte :</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Longueur de contexte</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>Nombre de jetons qu’une conversation peut contenir ; les estimations de mémoire valent pour cette longueur</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Des contextes plus longs demandent plus de mémoire GPU pour le cache KV.</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Actualiser</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>Actualiser la liste des modèles</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>Recherche à nouveau dans le dossier de Facet, le stockage d’Ollama et les dossiers de LM Studio</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>&amp;Ouvrir un GGUF…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>Ouvrir un fichier GGUF</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>Ajoute à la liste un fichier GGUF Gemma 4 situé n’importe où sur cet ordinateur</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>Quantification</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>Mémoire (GPU / hôte)</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>Modèles installés</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>Modèles Gemma 4 trouvés sur cet ordinateur avec taille, quantification, tours et mémoire nécessaire ; Entrée charge le modèle sélectionné</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>&amp;Charger</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>Charger le modèle</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>Charge le modèle sélectionné sur le GPU pour discuter</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Décharger</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Décharger le modèle</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>Libère la mémoire GPU utilisée par le modèle chargé</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Supprimer…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Supprimer le modèle</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>Supprime les fichiers du modèle sélectionné ; uniquement pour les modèles téléchargés par Facet</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Afficher dans le &amp;dossier</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>Afficher dans le dossier</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>Ouvre le dossier qui contient le fichier du modèle</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>&amp;Oublier</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>Oublier le fichier ouvert</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>Retire de la liste un fichier ouvert avec « Ouvrir un GGUF » ; le fichier reste sur le disque</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>État de la bibliothèque</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>Problèmes de recherche</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>Affiche les fichiers ignorés lors de la recherche de modèles, et pourquoi</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>Fichiers ignorés, et pourquoi</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>Aucun modèle Gemma 4 n’a été trouvé sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>Téléchargez-en un ci-dessous : E2B est petit et rapide, E4B donne de meilleures réponses. Les modèles déjà présents dans Ollama ou LM Studio apparaissent automatiquement.</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>Aucun modèle installé</translation>
    </message>
    <message>
        <source>From</source>
        <translation>Provenance</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>Taille du téléchargement (env.)</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Catalogue Gemma 4</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>Modèles Gemma 4 téléchargeables ; les tailles sont approximatives</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>Télécharger un autre &amp;modèle (nom Ollama ou GGUF Hugging Face) :</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b, library/gemma4:e4b ou huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>Modèle à télécharger</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>Un nom Ollama comme gemma4:e2b, l’adresse d’un fichier Hugging Face ou ORG/REPO/FILE.gguf ; Entrée lance le téléchargement</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>&amp;Télécharger</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>Télécharger le modèle saisi</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>Lance le téléchargement du modèle indiqué dans le champ</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>Problème de nom de téléchargement</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>Téléchargements en cours et terminés</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>Recherche des modèles…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>Estimation de la mémoire…</translation>
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
        <translation>Fichier ouvert</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1 (chargé)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>illisible</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>Part des poids par type : %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>À %1 jetons : %2 de mémoire GPU (poids %3, cache KV %4, activations %5) et %6 de mémoire hôte en plus du fichier projeté.</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>Ce modèle prend en charge au plus %1 jetons.</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>non exécutable</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>Aucun modèle trouvé.</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 modèle</translation>
    </message>
    <message numerus="yes">
        <source>%n models</source>
        <translation>
            <numerusform>%n modèle</numerusform>
            <numerusform>%n modèles</numerusform>
        </translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 problème</translation>
    </message>
    <message numerus="yes">
        <source>%n problems</source>
        <translation>
            <numerusform>%n problème</numerusform>
            <numerusform>%n problèmes</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files were skipped; click for details.</source>
        <translation>Certains fichiers ont été ignorés ; cliquez pour les détails.</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>Ce modèle est chargé. Déchargez-le d’abord.</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>Ouvrir un fichier GGUF Gemma 4</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>Modèles GGUF (*.gguf);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>Impossible d’utiliser ce fichier</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 ne peut pas servir de modèle :
%2

Choisissez un fichier GGUF Gemma 4 (general.architecture « gemma4 »).</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>Suppression impossible</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>Supprimer %1 (%2) du dossier de modèles de Facet ? Cette action est irréversible.</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 n’est pas dans la liste des modèles.</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 n’est pas dans le dossier de modèles de Facet %2 ; il n’a pas été supprimé.</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>Impossible de supprimer %1 : %2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>Le catalogue ne peut pas être affiché : %1</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1 (recommandé)</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installé</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Télécharger</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 est installé</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>Télécharger %1 depuis %2</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>Environ %1 ; %2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>Les téléchargements ne sont pas disponibles dans cette version.</translation>
    </message>
    <message>
        <source>vision %1</source>
        <translation>vision %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>audio %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>Chargé à l’envoi d’une image ou d’un enregistrement : %1.</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>« %1 » n’a pas été ajouté : %2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>un message peut contenir au plus %1 pièces jointes. Retirez-en une ou envoyez d’abord ce message.</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>« %1 » et %2 autres n’ont pas été ajoutés : %3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>Rien n’a été ajouté : %1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>Image collée</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>Aucun microphone trouvé</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>Réenregistrer</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>Arrêter l’enregistrement</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>Arrête l’enregistrement et conserve la prise</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>Enregistre depuis le microphone choisi ; une nouvelle prise remplace la prise actuelle</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>Arrêter la lecture</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Lire</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>Lire l’enregistrement</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>Lit l’enregistrement sur les haut-parleurs ou le casque</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>Aucun microphone n’a été trouvé. Branchez-en un et il apparaîtra ici.</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>Durée de l’enregistrement</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>Enregistrement de %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>L’enregistrement a été joint au message.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microphone</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>Enregistrer un prompt vocal à joindre au message</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>&amp;Entrée :</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>L’entrée depuis laquelle enregistrer</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>Niveau d’entrée</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>Volume du microphone pendant l’enregistrement</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Abandonner</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>Abandonner l’enregistrement</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>Supprime l’enregistrement</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Joindre</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>Joindre l’enregistrement</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>Ajoute l’enregistrement au message en cours de rédaction</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>État de l’enregistreur</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>Messages concernant l’enregistrement</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>Comment le modèle choisit chaque jeton suivant d’une réponse</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>&amp;Température :</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
    </message>
    <message>
        <source>Randomness of the answer: 0 always takes the most likely token, 1 follows the model&apos;s own probabilities, higher values are more surprising</source>
        <translation>Part de hasard dans la réponse : 0 prend toujours le jeton le plus probable, 1 suit les probabilités du modèle, des valeurs plus élevées sont plus surprenantes</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>Degré de hasard de la réponse. 0 prend toujours le jeton le plus probable (glouton) ; 1 échantillonne selon les probabilités du modèle ; des valeurs plus élevées donnent un texte plus varié et moins ciblé.</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0 (glouton)</translation>
    </message>
    <message>
        <source>Top-&amp;k:</source>
        <translation>Top-&amp;k :</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Only the k most likely tokens can be chosen; 0 turns this limit off</source>
        <translation>Seuls les k jetons les plus probables peuvent être choisis ; 0 désactive cette limite</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>Seuls les k jetons suivants les plus probables sont pris en compte. Des valeurs plus petites gardent la réponse ciblée. 0 désactive la limite.</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Top-&amp;p:</source>
        <translation>Top-&amp;p :</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Only the most likely tokens that together reach this probability can be chosen; 1 turns this limit off; must be greater than 0</source>
        <translation>Seuls les jetons les plus probables qui atteignent ensemble cette probabilité peuvent être choisis ; 1 désactive cette limite ; doit être supérieur à 0</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>Échantillonnage par noyau : seuls les jetons les plus probables dont les probabilités totalisent p sont pris en compte. 1 le désactive ; la valeur doit être supérieure à 0.</translation>
    </message>
    <message>
        <source>&amp;Min-p:</source>
        <translation>&amp;Min-p :</translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <source>Tokens less likely than this fraction of the most likely one are dropped; 0 turns this off</source>
        <translation>Les jetons moins probables que cette fraction du plus probable sont écartés ; 0 désactive ce filtre</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>Écarte les jetons dont la probabilité est inférieure à cette fraction de celle du jeton le plus probable. 0 le désactive.</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>Pénalité de &amp;répétition :</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>Pénalité de répétition</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>Au-dessus de 1, les jetons déjà apparus deviennent moins probables ; en dessous de 1, plus probables ; 1 la désactive ; doit être supérieure à 0</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>Divise le score des jetons apparus récemment. Au-dessus de 1, elle décourage les répétitions ; en dessous de 1, elle les encourage ; 1 la désactive. La valeur doit être supérieure à 0.</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>Pénalité de pré&amp;sence :</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>Pénalité de présence</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>Diminue de cette valeur le score de chaque jeton déjà apparu ; 0 la désactive</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>Soustraite une seule fois du score de chaque jeton apparu récemment, quel que soit le nombre d’occurrences. Des valeurs positives poussent le modèle vers de nouveaux mots et sujets. 0 la désactive.</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>Pénalité de &amp;fréquence :</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>Pénalité de fréquence</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>Diminue de cette valeur le score d’un jeton à chaque fois qu’il est déjà apparu ; 0 la désactive</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>Soustraite du score d’un jeton une fois pour chacune de ses apparitions récentes, si bien que les mots souvent répétés se raréfient. 0 la désactive.</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>Ma&amp;ximum de jetons :</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>Nombre maximal de jetons par réponse</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>La réponse s’arrête après ce nombre de jetons ; 0 signifie illimité, jusqu’à ce que le modèle s’arrête ou que le contexte soit plein</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>Le nombre maximal de jetons d’une réponse. Illimité : jusqu’à ce que le modèle termine sa réponse ou que le contexte soit plein.</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>Illimité</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>Grai&amp;ne fixe :</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>Utiliser une graine fixe</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>Cochée, la même question avec les mêmes paramètres donne la même réponse ; sinon, chaque réponse utilise une nouvelle graine aléatoire</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>Avec une graine fixe, les choix aléatoires se répètent à l’identique : une réponse peut donc être reproduite. Sans elle, chaque réponse tire une nouvelle graine.</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Graine</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>Un nombre entier de 0 à 18446744073709551615 qui initialise les choix aléatoires</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>par exemple 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>Un nombre entier de 0 à 18446744073709551615.</translation>
    </message>
    <message>
        <source>T&amp;hink before answering</source>
        <translation>Réfléc&amp;hir avant de répondre</translation>
    </message>
    <message>
        <source>Think before answering</source>
        <translation>Réfléchir avant de répondre</translation>
    </message>
    <message>
        <source>The model reasons step by step before it answers; slower, often better for hard questions</source>
        <translation>Le modèle raisonne étape par étape avant de répondre ; plus lent, souvent meilleur pour les questions difficiles</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>Gemma 4 peut raisonner avant de répondre. La réponse prend plus de temps ; la réflexion peut être affichée dans la discussion.</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>Rétablir les valeurs par défaut de &amp;Gemma 4</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>Rétablir les valeurs par défaut de Gemma 4</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>Règle la température à 1,0, top-k à 64, top-p à 0,95 et désactive toutes les autres options</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>Température 1,0, top-k 64, top-p 0,95, aucune pénalité, aucune limite.</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>Problèmes dans les paramètres d’échantillonnage</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>Remarques sur les paramètres d’échantillonnage</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Maximum de jetons</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p doit être supérieur à 0 (1 le désactive) ; avec 0, aucun jeton ne pourrait être choisi.</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>La pénalité de répétition doit être supérieure à 0 (1 la désactive).</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>Saisissez une graine, ou décochez « Graine fixe » pour utiliser une nouvelle graine aléatoire à chaque réponse.</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>La graine doit être un nombre entier de 0 à 18446744073709551615.</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>Le moteur refuse ces paramètres : %1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 n’était pas un nombre ; la valeur a été fixée à %2.</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>%1 %2 ne peut pas être utilisé ; la valeur a été changée en %3.</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>Avec une température de 0, le jeton le plus probable est toujours choisi : top-k, top-p, min-p et la graine n’ont aucun effet.</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>Une pénalité de répétition inférieure à 1 rend les répétitions plus probables.</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>Les préférences de Facet, une page par thème</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Pages des paramètres</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>Paramètres Général, GPU, Modèle, Échantillonnage, Téléchargements et Affinage ; Ctrl+Tab passe à la page suivante</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>settings page</comment>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>Affinage</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Langue :</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>The language of Facet&apos;s menus and messages; it changes as soon as you apply it</source>
        <translation>La langue des menus et des messages de Facet ; elle change dès que vous l’appliquez</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>Chaque langue est indiquée sous son propre nom.</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>Langue du système (%1)</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Thème :</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Facet&apos;s colours: those of the system, or Facet&apos;s own light or dark colours</source>
        <translation>Les couleurs de Facet : celles du système, ou les couleurs claires ou sombres propres à Facet</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Suivre le système</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>« Suivre le système » conserve les couleurs que votre bureau donne à Facet. Cette version de Qt ne sait pas détecter seule un bureau sombre ; choisissez Sombre si Facet reste clair sur un bureau sombre.</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>Afficher la &amp;réflexion du modèle dans la discussion</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>Afficher la réflexion</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>Quand le modèle réfléchit avant de répondre, afficher sa réflexion, repliée, au-dessus de la réponse</translation>
    </message>
    <message>
        <source>&amp;Graphics API:</source>
        <translation>&amp;API graphique :</translation>
    </message>
    <message>
        <source>Graphics API</source>
        <translation>API graphique</translation>
    </message>
    <message>
        <source>The GPU interface Facet computes through; Automatic picks the best one that works</source>
        <translation>L’interface GPU par laquelle Facet calcule ; Automatique choisit la meilleure qui fonctionne</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatique</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>&amp;Périphérique :</translation>
    </message>
    <message>
        <source>GPU device</source>
        <translation>Périphérique GPU</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>Le GPU qui exécute le modèle lorsque l’ordinateur en a plusieurs</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>Longueur de conte&amp;xte :</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>Longueur de contexte</translation>
    </message>
    <message>
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>Le nombre de jetons qu’une conversation peut contenir ; des contextes plus longs demandent plus de mémoire GPU</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>Des contextes plus longs demandent plus de mémoire GPU pour le cache KV.</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>Une conversation plus longue oublie son début. La nouvelle longueur s’applique au prochain chargement d’un modèle.</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>Mémoire nécessaire</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>Les nouvelles conversations commencent avec ces valeurs ; chaque conversation peut modifier les siennes.</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>Adresse du &amp;registre :</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>Adresse du registre</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>Le registre Ollama depuis lequel les modèles sont téléchargés ; laissez vide pour %1</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>Laissez vide pour le registre officiel, %1.</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>Problème d’adresse du registre</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>Données d’&amp;entraînement :</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>Fichier de données d’entraînement</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>Le fichier JSONL avec lequel démarre le panneau Affinage, un exemple par ligne</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>Aucun fichier choisi</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Parcourir…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>Parcourir pour choisir les données d’entraînement</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>Ouvre une boîte de dialogue pour choisir un fichier JSONL</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>Remarque sur le fichier de données d’entraînement</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>Boutons de la boîte de dialogue</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>Enregistre les paramètres et ferme la boîte de dialogue</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>Enregistre les paramètres et laisse la boîte de dialogue ouverte</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>Ferme la boîte de dialogue sans enregistrer les modifications</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>Met les valeurs par défaut dans toutes les pages ; OK ou Appliquer les enregistre</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1 : %2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1 (introuvable)</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>« %1 » n’est pas une adresse web. Saisissez-en une qui commence par https:// ou http:// et indique un serveur, par exemple %2, ou laissez le champ vide pour utiliser celle-ci.</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>Ce fichier n’existe pas (encore). Le panneau Affinage le signalera à nouveau quand vous lancerez l’entraînement.</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>Ceci est un dossier ; choisissez un fichier JSONL qu’il contient.</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>Choisir les données d’entraînement</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>A&amp;ctivations 8 bits :</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>Activations 8 bits</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>Indique si les grands produits matriciels arrondissent leurs entrées à 8 bits sur les GPU qui le font rapidement ; réponses plus rapides, résultats légèrement différents</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>Automatique (si le GPU dispose d’un produit scalaire int8 rapide)</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>Désactivé (chaque produit en virgule flottante)</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>Automatique : sur les GPU dotés d’un produit scalaire rapide sur entiers 8 bits, les plus grands produits matriciels de chaque jeton généré arrondissent leurs entrées à 8 bits, ce qui accélère les réponses. Cela modifie légèrement les résultats : le modèle peut choisir d’autres mots qu’avec Désactivé. Désactivé : chaque produit en virgule flottante 32 bits, comme le calcule la référence.</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>A&amp;ttente du GPU :</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>Attente du GPU</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Comment Facet attend le GPU : adaptatif pour la latence la plus faible, ou en veille pour la plus faible utilisation du CPU</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>Adaptatif (faible latence)</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>Veille (CPU minimal)</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>Adaptatif : pendant que le GPU calcule une étape, Facet guette sa fin pendant à peu près la durée des dernières étapes, puis se met en veille ; les réponses arrivent un peu plus vite, et un cœur du CPU est occupé pendant que le modèle génère. Veille : Facet reste en veille jusqu’à ce que le GPU ait terminé ; utilisation minimale du CPU, réponses un peu plus lentes. S’applique à Vulkan.</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>Les modifications de cette page s’appliquent au prochain chargement d’un modèle.</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>&amp;Jetons par image :</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>Jetons par image</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>Le nombre de jetons de contexte qu’occupe une image : davantage permettent de voir des détails plus fins</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>Davantage de jetons permettent au modèle de voir des détails plus fins (documents, petits caractères) et occupent une plus grande part du contexte.</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>&amp;Garder les encodeurs d’image et d’audio chargés</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>Garder les encodeurs d’image et d’audio chargés</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>Désactivé : ils sont libérés après chaque message, ce qui économise de la mémoire</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>Désactivé : ils sont libérés après chaque message, ce qui économise de la mémoire et ralentit les pièces jointes.</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>Une image coûte au plus ce nombre de jetons de contexte ; l’audio coûte 25 jetons par seconde.</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>&amp;Servir le modèle chargé à d’autres programmes (API OpenAI)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>Servir le modèle chargé à d’autres programmes</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>Une API compatible OpenAI sur cet ordinateur uniquement ; désactivée par défaut</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>&amp;Port de l’API :</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Port de l’API</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>Le port TCP de cet ordinateur par lequel les programmes joignent le modèle</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>Les programmes de cet ordinateur joignent le modèle sur %1 (complétions de chat et de texte, liste des modèles) ; les autres ordinateurs ne le peuvent pas. Leurs requêtes attendent derrière votre propre chat et s’affichent dans la barre d’état.</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>Perte d’entraînement</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>Perte de validation</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Taux d’apprentissage</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>Norme du gradient</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>Graphique de la perte</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>Perte d’entraînement et de validation au fil des étapes de l’optimiseur</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>Graphique du taux d’apprentissage et de la norme du gradient</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>il ne commence pas par un en-tête WAV</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>son en-tête de format est endommagé (plus court que les 16 octets nécessaires)</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>il n’a pas d’en-tête de format</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>il ne contient aucune donnée audio</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>son en-tête indique un nombre de canaux impossible (%1)</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>son en-tête indique une fréquence d’échantillonnage impossible (%1 Hz)</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>il contient de l’audio %1, que le lecteur WAV de Facet ne décode pas</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>il contient de l’audio dans l’encodage 0x%1, que le lecteur WAV de Facet ne décode pas</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>son en-tête est incohérent (%1 bits par échantillon dans des blocs de %2 octets pour %3 canaux)</translation>
    </message>
    <message>
        <source>mono</source>
        <translation>mono</translation>
    </message>
    <message>
        <source>stereo</source>
        <translation>stéréo</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 canaux</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>PCM %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>virgule flottante %1 bits, %2 Hz, %3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>loi A, %1 Hz, %2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>loi µ, %1 Hz, %2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>il ne contient pas d’audio (0 échantillon)</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>il dure %1</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>L’en-tête du fichier audio est endommagé (il indique %1 canaux à %2 Hz).</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>L’enregistrement dure %1 ; Facet accepte au plus %2 d’audio. Découpez-le en morceaux plus courts et joignez-les.</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>Le décodage de l’audio a été annulé.</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>L’enregistrement dure plus de %1 ; c’est le maximum d’audio que Facet accepte. Découpez-le en morceaux plus courts et joignez-les.</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>Le fichier audio n’a pas pu être décodé : %1. Il est peut-être endommagé.</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>Le fichier audio ne contient aucun son (0 échantillon).</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>Le fichier audio est endommagé après %1 ; seule la partie précédente a été utilisée.</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>Facet ne peut pas lire ce fichier audio : il n’est pas dans un format que Facet connaît (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) ou il est endommagé (%1).</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>Le fichier audio %1 n’existe pas.</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>Le fichier audio %1 est vide (0 octet).</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>Le fichier audio est vide (0 octet).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>L’encodeur audio du modèle comporte une couche linéaire de largeur %1, que les noyaux GPU ne peuvent pas traiter (il faut un multiple de 4).</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>L’audio a une fréquence d’échantillonnage impossible (%1 Hz).</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>L’audio n’a pas pu être rééchantillonné depuis %1 Hz : %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>L’encodeur audio du modèle a une forme que les noyaux GPU ne prennent pas en charge (bloc d’attention %1, contexte gauche %2, contexte droit %3, canaux de convolution %4 et %5, largeur %6).</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>Le GPU n’a pas pu accueillir les poids de l’encodeur audio (%1). Fermez les autres programmes qui utilisent le GPU, ou utilisez un modèle plus petit.</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>L’extrait audio est trop long pour l’encodeur audio sur GPU (%1 trames) ; découpez-le en extraits plus courts.</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>Le GPU n’a pas pu préparer l’encodeur audio (%1). Fermez les autres programmes qui utilisent le GPU, ou enregistrez un extrait plus court.</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>Les caractéristiques audio n’ont pas la bonne taille (%1 valeurs pour %2 trames de %3 bandes mel).</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>Le masque des caractéristiques audio a %1 entrées pour %2 trames.</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>Le GPU a échoué pendant l’encodage de l’audio : %1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>L’encodage de l’audio a été annulé.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>L’encodeur audio du modèle est incomplet : le tenseur %1 est manquant. Le fichier est peut-être endommagé ou a été converti sans l’encodeur audio ; téléchargez-le à nouveau.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>L’encodeur audio du modèle a un tenseur %1 de forme %2 alors que %3 est attendu ; le fichier est endommagé ou a été conçu pour un autre modèle.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>L’encodeur audio du modèle stocke le tenseur %1 dans un type que Facet ne sait pas lire.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>L’encodeur audio du modèle contient le tenseur %1 dans une disposition que Facet ne sait pas lire.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>L’encodeur audio du modèle a un tenseur de bornage %1 avec %2 valeurs alors qu’une seule est attendue.</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>Ce modèle n’a pas d’encodeur audio (pas de métadonnées gemma4.audio) ; il ne peut donc pas traiter l’audio. Utilisez un fichier Gemma 4 E2B ou E4B avec audio, ou ajoutez son fichier mmproj.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>Les métadonnées de l’encodeur audio du modèle sont incohérentes (%1 couches, largeur %2, %3 têtes).</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>L’encodeur audio du modèle a un tenseur a.conv1d.0.weight de forme %1 alors que [3, 3, 1, channels] est attendu.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>L’encodeur audio du modèle a un tenseur a.conv1d.1.weight de forme %1 alors que [3, 3, channels, channels] est attendu.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>L’encodeur audio du modèle a un tenseur a.blk.0.conv_dw.weight de noyau %1 alors que les métadonnées indiquent %2.</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>L’encodeur audio du modèle a un tenseur mm.a.input_projection.weight de largeur de sortie %1 alors que la largeur du modèle de texte est %2.</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>aucun nom de modèle ni URL indiqué</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>« %1 » n’est pas une URL valide</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>« %1 » : un fichier Hugging Face s’écrit org/repo/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>« %1 » ne désigne pas un fichier .gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>« %1 » : l’URL d’un fichier Hugging Face ressemble à https://huggingface.co/org/repo/resolve/main/file.gguf</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>« %1 » n’est ni un nom de modèle (comme gemma4:e2b ou library/gemma4:e2b), ni une URL GGUF Hugging Face, ni org/repo/file.gguf</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>aucun nom de modèle indiqué</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>le dossier de modèles de Facet est inconnu</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>impossible de trouver le manifeste de « %1 »</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>impossible de supprimer %1 : %2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>impossible de supprimer %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>« %1 » se trouve dans le stockage d’Ollama (%2) ; Facet ne supprime jamais les fichiers d’Ollama : supprimez-le avec `ollama rm %1`</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>« %1 » appartient à LM Studio (%2) ; supprimez-le dans LM Studio</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 n’est pas dans le dossier de modèles de Facet (%2) ; Facet ne supprime que les fichiers qu’il a téléchargés</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>aucun modèle « %1 » dans le dossier de modèles de Facet %2 (voir facet-cli list)</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>abandon après %1 tentatives : %2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>trop de redirections (plus de %1) pour %2</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>modèle « %1 » introuvable dans le registre %2 : vérifiez le nom et l’étiquette (par exemple gemma4:e2b)</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>le registre %1 a refusé l’accès à « %2 » (HTTP %3)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 reçu de %2</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>impossible de joindre le registre %1 : %2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>le registre a envoyé un manifeste inutilisable pour « %1 » : %2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>plus de 1 Mio</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>pas un objet JSON</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion différent de 2</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 couches</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>empreinte de couche « %1 » invalide</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>taille invalide pour la couche %1</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>il contient %1 couches de modèle (exactement 1 attendue)</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>espace libre insuffisant dans %1 : le téléchargement nécessite encore %2, %3 sont disponibles. Libérez de l’espace et relancez le téléchargement (il reprendra là où il s’est arrêté)</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>poids du modèle</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>couche %1 sur %2</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>son architecture est « %1 »</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>il n’a pas de general.architecture</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>« %1 » a été téléchargé et vérifié, mais ce n’est pas un modèle Gemma 4 (%2) ; Facet n’exécute que Gemma 4, il a donc été supprimé</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>impossible d’écrire le manifeste %1 : %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>le serveur a redirigé %1 de HTTPS vers HTTP non chiffré ; refusé</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>« %1 » introuvable (HTTP 404) : vérifiez l’organisation, le dépôt et le nom du fichier</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>l’accès à « %1 » a été refusé (HTTP %2) : le dépôt est peut-être à accès restreint ou privé</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>« %1 » a été téléchargé, mais ce n’est ni un modèle ni un projecteur Gemma 4 (%2) ; Facet n’exécute que Gemma 4, il a donc été supprimé</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>l’URL de registre « %1 » n’est pas valide</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>impossible de créer le dossier %1</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>un autre processus Facet télécharge %1 en ce moment ; attendez qu’il se termine</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>impossible d’écrire %1 : %2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>erreur interne : des parties de %1 manquent</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>la taille du fichier a changé sur le serveur (%1 octets attendus, le serveur indique %2) ; relancez le téléchargement</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>le serveur envoie %1 octets pour %2, %3 attendus</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>impossible d’écrire le téléchargement dans %1 : %2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>aucune donnée depuis %1 s</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>trop de redirections (plus de %1) pour %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>le serveur a redirigé %1 de HTTPS vers HTTP non chiffré ; refusé</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>introuvable sur le serveur (HTTP %1) : %2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>accès refusé (HTTP %1) pour %2 : le fichier nécessite peut-être une connexion ou n’est pas public</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>le serveur a rejeté la plage d’octets (HTTP 416) : le fichier a changé sur le serveur ; relancez le téléchargement pour repartir de zéro</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>le serveur a refusé %1 (HTTP %2 %3)</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>redirection sans cible utilisable (HTTP %1) pour %2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 reçu de %2</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>la connexion s’est fermée après %1 octets sur %2</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>échec du téléchargement après %1 tentatives : %2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>le fichier téléchargé fait %1 octets, %2 attendus ; il a été supprimé, relancez le téléchargement</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>impossible de relire %1 : %2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>les données téléchargées ne correspondent pas à leur empreinte sha256 (%1 attendue, %2 obtenue) ; le fichier endommagé a été supprimé. Relancez le téléchargement ; si le problème se répète, le serveur ou le miroir fournit un fichier corrompu</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>impossible de mettre %1 en place : %2</translation>
    </message>
</context>
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Une image de cette conversation n’a pas de données (elle a peut-être été supprimée du disque). Retirez-la et joignez-la à nouveau.</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>Un enregistrement de cette conversation n’a pas de données (il a peut-être été supprimé du disque). Retirez-le et joignez-le à nouveau.</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>Le fichier projecteur %1 situé à côté du modèle ne peut pas être lu : %2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 n’a pas d’encodeur d’images ; il ne peut donc pas lire d’images. Utilisez un fichier Gemma 4 avec ses poids de vision (les modèles gemma4 d’Ollama les ont), ou placez à côté le fichier projecteur mmproj-*.gguf du modèle.</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 n’a pas d’encodeur audio ; il ne peut donc pas lire l’audio. Utilisez un fichier Gemma 4 E2B ou E4B avec ses poids audio, ou placez à côté le fichier projecteur mmproj-*.gguf du modèle.</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>L’encodeur d’images ne peut pas être chargé : %1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>L’encodeur d’images projette vers une largeur de %1, mais la largeur de texte du modèle est %2 : le fichier projecteur n’appartient pas à ce modèle.</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>L’enregistrement ne contient aucun son (il est vide).</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>L’encodeur audio ne peut pas être chargé : %1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>L’encodeur audio projette vers une largeur de %1, mais la largeur de texte du modèle est %2 : le fichier projecteur n’appartient pas à ce modèle.</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>Le vocabulaire du modèle ne contient pas de jeton %1 ; il ne peut donc pas lire d’images ni d’audio. Utilisez un fichier de modèle Gemma 4 avec les jetons multimodaux.</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>Démarrez une nouvelle discussion, supprimez des messages antérieurs ou augmentez la longueur de contexte dans les Paramètres.</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>Réessayez. Si l’échec persiste, rechargez le modèle ou choisissez un autre backend GPU dans les Paramètres.</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>Le moteur s’est arrêté.</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 n’est pas un modèle Gemma 4 (son architecture est « %2 »). Facet exécute Gemma 4 E2B et E4B ; choisissez-en un dans le panneau Modèles.</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>Référence CPU (lente)</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>Backend GPU inconnu « %1 ». Choisissez l’un des backends proposés dans les Paramètres.</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>Aucun GPU utilisable : %1. Mettez à jour le pilote graphique, ou choisissez un autre backend GPU ou un autre périphérique dans les Paramètres.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Aucun modèle n’est chargé.</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>Chargez un modèle dans le panneau Modèles.</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>Paramètres d’échantillonnage invalides : %1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>Corrigez-les dans les paramètres de la conversation.</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>La conversation est vide.</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>Saisissez un message.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>Un adaptateur LoRA est en cours d’entraînement sur le modèle chargé. Mettez en pause ou arrêtez l’entraînement dans le panneau Affinage, puis chargez un autre modèle.</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>Un adaptateur LoRA est en cours d’entraînement sur ce modèle.</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>L’entraînement est en cours : mettez-le en pause ou arrêtez-le dans le panneau Affinage pour discuter.</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>Retirez les pièces jointes de cette conversation, ou chargez un modèle capable de les lire.</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>Choisissez un autre adaptateur pour cette conversation, ou désactivez-le.</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>Retirez ou remplacez la pièce jointe, puis renvoyez.</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>Un entraînement est déjà en cours.</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>Mettez-le en pause ou arrêtez-le avant d’en lancer un autre.</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>Chargez d’abord un modèle : les données sont mesurées avec son tokeniseur.</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… et %n de plus</numerusform>
            <numerusform>… et %n de plus</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>Chargez le modèle à entraîner dans le panneau Modèles.</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>Les données d’entraînement contiennent %n exemple incorrect :</numerusform>
            <numerusform>Les données d’entraînement contiennent %n exemples incorrects :</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>Corrigez ces lignes, ou choisissez d’ignorer les lignes incorrectes et d’entraîner sur %n bon exemple.</numerusform>
            <numerusform>Corrigez ces lignes, ou choisissez d’ignorer les lignes incorrectes et d’entraîner sur les %n bons exemples.</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>Il n’y a rien sur quoi s’entraîner : %1 ne contient aucun exemple utilisable.</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>Choisissez un fichier JSONL contenant au moins un exemple.</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>Impossible de créer le dossier %1.</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>Choisissez un autre dossier de sortie.</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>L’entraînement ne peut pas s’exécuter sur ce modèle : %1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>Rechargez le modèle, ou choisissez un autre périphérique dans les Paramètres.</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>Choisissez un autre dossier de sortie, ou les paramètres et les données de l’entraînement qu’il contient.</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>Réduisez le taux d’apprentissage ou vérifiez les données, puis relancez (le dernier point de contrôle est conservé).</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>Impossible d’enregistrer l’adaptateur : %1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>Vérifiez l’espace libre et les permissions du dossier de sortie.</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>Chargez d’abord le modèle de base sur lequel l’adaptateur a été entraîné.</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>Type de fusion inconnu « %1 ».</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>Impossible de lire l’adaptateur %1 : %2</translation>
    </message>
</context>
</TS>
