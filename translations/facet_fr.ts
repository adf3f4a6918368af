<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
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
    <name>facet::app::MainWindow</name>
    <message>
        <source>Facet</source>
        <translation>Facet</translation>
    </message>
    <message>
        <source>Welcome to Facet</source>
        <translation>Bienvenue dans Facet</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>Exécutez Gemma 4 sur votre propre GPU. Rien ne quitte cet ordinateur.</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>Bienvenue</translation>
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
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>%1 sélectionné ; le moteur de discussion n’est pas encore connecté dans cette version.</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>Aucun modèle trouvé pour l’instant : téléchargez-en un dans le panneau Modèles.</translation>
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
</TS>
