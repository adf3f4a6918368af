<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
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
        <translation>最小かつ最速。ほとんどの GPU で動作します。</translation>
    </message>
    <message>
        <source>Better answers; needs about twice the memory of E2B.</source>
        <translation>より良い回答。E2B の約 2 倍のメモリが必要です。</translation>
    </message>
    <message>
        <source>4-bit: the usual balance of size and quality.</source>
        <translation>4 ビット: サイズと品質の標準的なバランス。</translation>
    </message>
    <message>
        <source>8-bit: close to the original, larger.</source>
        <translation>8 ビット: オリジナルに近く、サイズは大きめ。</translation>
    </message>
    <message>
        <source>Unquantised original weights, the largest.</source>
        <translation>量子化されていない元の重み。最大サイズです。</translation>
    </message>
    <message>
        <source>Text, images and audio.</source>
        <translation>テキスト、画像、音声。</translation>
    </message>
    <message>
        <source>Text only.</source>
        <translation>テキストのみ。</translation>
    </message>
    <message>
        <source>Cannot read the catalogue %1: %2</source>
        <translation>カタログ %1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>The catalogue %1 is not valid JSON: %2</source>
        <translation>カタログ %1 は有効な JSON ではありません: %2</translation>
    </message>
    <message>
        <source>a field is missing or invalid</source>
        <translation>フィールドが欠けているか無効です</translation>
    </message>
    <message>
        <source>Catalogue entry %1 (%2): %3</source>
        <translation>カタログ項目 %1 (%2): %3</translation>
    </message>
    <message>
        <source>The catalogue %1 lists no models.</source>
        <translation>カタログ %1 にはモデルがありません。</translation>
    </message>
</context>
<context>
    <name>facet::app::DownloadRow</name>
    <message numerus="yes">
        <source>%n s left</source>
        <translation>
            <numerusform>残り %n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min left</source>
        <translation>
            <numerusform>残り %n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h %2 min left</source>
        <translation>残り %1 時間 %2 分</translation>
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
        <translation>待機中</translation>
    </message>
    <message>
        <source>Looking up</source>
        <translation>照会中</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>ダウンロード中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>検証中</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>再開(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>一時停止(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>閉じる(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>キャンセル(&amp;C)</translation>
    </message>
    <message>
        <source>Progress of %1</source>
        <translation>%1 の進行状況</translation>
    </message>
    <message>
        <source>Resume download of %1</source>
        <translation>%1 のダウンロードを再開</translation>
    </message>
    <message>
        <source>Pause download of %1</source>
        <translation>%1 のダウンロードを一時停止</translation>
    </message>
    <message>
        <source>Stops the download and keeps what was fetched; resume continues from there.</source>
        <translation>ダウンロードを停止し、取得済みの部分を保持します。再開するとそこから続行します。</translation>
    </message>
    <message>
        <source>Dismiss download of %1</source>
        <translation>%1 のダウンロードを一覧から消す</translation>
    </message>
    <message>
        <source>Cancel download of %1</source>
        <translation>%1 のダウンロードをキャンセル</translation>
    </message>
    <message>
        <source>Removes this entry from the list.</source>
        <translation>この項目を一覧から削除します。</translation>
    </message>
    <message>
        <source>Stops the download and deletes the partial file.</source>
        <translation>ダウンロードを中止し、途中までのファイルを削除します。</translation>
    </message>
    <message>
        <source>Download error</source>
        <translation>ダウンロードエラー</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>ダウンロードの進行状況</translation>
    </message>
    <message>
        <source>Download state</source>
        <translation>ダウンロードの状態</translation>
    </message>
    <message>
        <source>Downloading model</source>
        <translation>ダウンロード中のモデル</translation>
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
        <translation>Facet へようこそ</translation>
    </message>
    <message>
        <source>Run Gemma 4 on your own GPU. Nothing leaves this computer.</source>
        <translation>Gemma 4 をあなた自身の GPU で実行します。データがこのコンピューターの外に出ることはありません。</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>ようこそ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>モデルが読み込まれていません</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Installed models, the Gemma 4 catalogue and downloads</source>
        <translation>インストール済みモデル、Gemma 4 カタログ、ダウンロード</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Models</source>
        <translation>モデル(&amp;M)</translation>
    </message>
    <message>
        <source>Selected %1; the chat engine is not connected in this build yet.</source>
        <translation>%1 を選択しました。このビルドではまだチャットエンジンが接続されていません。</translation>
    </message>
    <message>
        <source>No model found yet: download one in the Models panel.</source>
        <translation>まだモデルが見つかりません。「モデル」パネルでダウンロードしてください。</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelLibrary</name>
    <message>
        <source>Opened file %1: %2</source>
        <translation>開いたファイル %1: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>This model lives in Ollama&apos;s store, which Facet only reads. Remove it with &quot;ollama rm %1&quot;.</source>
        <translation>このモデルは Ollama のストアにあり、Facet は読み取るだけです。「ollama rm %1」で削除してください。</translation>
    </message>
    <message>
        <source>This file belongs to LM Studio, which Facet only reads. Remove it in LM Studio.</source>
        <translation>このファイルは LM Studio のもので、Facet は読み取るだけです。LM Studio で削除してください。</translation>
    </message>
    <message>
        <source>Facet did not download this file, so it does not delete it. Use &quot;Forget&quot; to take it off the list.</source>
        <translation>このファイルは Facet がダウンロードしたものではないため削除しません。「一覧から外す」で一覧から取り除けます。</translation>
    </message>
    <message>
        <source>Type an Ollama name such as gemma4:e2b, or the address of a GGUF file on Hugging Face.</source>
        <translation>gemma4:e2b のような Ollama 名か、Hugging Face 上の GGUF ファイルのアドレスを入力してください。</translation>
    </message>
    <message>
        <source>This is not a valid web address.</source>
        <translation>有効な Web アドレスではありません。</translation>
    </message>
    <message>
        <source>Use an https:// address: downloads are not made over plain http.</source>
        <translation>https:// のアドレスを使ってください。暗号化されていない http ではダウンロードしません。</translation>
    </message>
    <message>
        <source>Only https:// addresses can be downloaded.</source>
        <translation>ダウンロードできるのは https:// のアドレスだけです。</translation>
    </message>
    <message>
        <source>Only Hugging Face addresses (huggingface.co) can be downloaded; for Ollama models type the name, e.g. gemma4:e2b.</source>
        <translation>ダウンロードできるのは Hugging Face (huggingface.co) のアドレスだけです。Ollama のモデルは gemma4:e2b のように名前を入力してください。</translation>
    </message>
    <message>
        <source>This Hugging Face address does not point to a file. Open the file on the repository&apos;s &quot;Files&quot; page and copy its download link, like %1.</source>
        <translation>この Hugging Face のアドレスはファイルを指していません。リポジトリの「Files」ページでファイルを開き、%1 のようなダウンロードリンクをコピーしてください。</translation>
    </message>
    <message>
        <source>The address contains characters a Hugging Face repository or file name cannot have.</source>
        <translation>アドレスに Hugging Face のリポジトリ名やファイル名には使えない文字が含まれています。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a GGUF file. Facet runs .gguf files only.</source>
        <translation>「%1」は GGUF ファイルではありません。Facet が実行できるのは .gguf ファイルだけです。</translation>
    </message>
    <message>
        <source>To download a file from Hugging Face, give the repository too: ORG/REPO/FILE.gguf (for example unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf).</source>
        <translation>Hugging Face からファイルをダウンロードするには、リポジトリも指定してください: ORG/REPO/FILE.gguf（例: unsloth/gemma-4-E2B-it-GGUF/gemma-4-E2B-it-Q4_K_M.gguf）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid Hugging Face name: organisation, repository and file may contain letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; only.</source>
        <translation>「%1」は有効な Hugging Face の名前ではありません。組織、リポジトリ、ファイルに使えるのは英字、数字、&apos;-&apos;、&apos;_&apos;、&apos;.&apos; だけです。</translation>
    </message>
    <message>
        <source>Model names contain no spaces. Type an Ollama name such as gemma4:e2b or library/gemma4:e4b.</source>
        <translation>モデル名に空白は含まれません。gemma4:e2b や library/gemma4:e4b のような Ollama 名を入力してください。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an Ollama model name. Use NAME:TAG or NAMESPACE/NAME:TAG, for example gemma4:e2b or library/gemma4:e4b.</source>
        <translation>「%1」は Ollama のモデル名ではありません。NAME:TAG または NAMESPACE/NAME:TAG の形式（例: gemma4:e2b、library/gemma4:e4b）を使ってください。</translation>
    </message>
</context>
<context>
    <name>facet::app::ModelsDock</name>
    <message>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Models on this computer, the Gemma 4 catalogue and downloads</source>
        <translation>このコンピューター上のモデル、Gemma 4 カタログ、ダウンロード</translation>
    </message>
    <message>
        <source>&amp;Installed</source>
        <translation>インストール済み(&amp;I)</translation>
    </message>
    <message>
        <source>Cata&amp;logue</source>
        <translation>カタログ(&amp;L)</translation>
    </message>
    <message>
        <source>Model pages</source>
        <translation>モデルのページ</translation>
    </message>
    <message>
        <source>Switch between installed models and the catalogue</source>
        <translation>インストール済みモデルとカタログを切り替えます</translation>
    </message>
    <message>
        <source>Conte&amp;xt length:</source>
        <translation>コンテキスト長(&amp;X):</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>コンテキスト長</translation>
    </message>
    <message>
        <source>Tokens a conversation can hold; the memory estimates are for this length</source>
        <translation>1 つの会話に収まるトークン数。メモリの見積もりはこの長さでの値です</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>コンテキストが長いほど KV キャッシュに多くの GPU メモリが必要です。</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>更新(&amp;R)</translation>
    </message>
    <message>
        <source>Refresh model list</source>
        <translation>モデル一覧を更新</translation>
    </message>
    <message>
        <source>Looks again in Facet&apos;s folder, Ollama&apos;s store and LM Studio&apos;s folders</source>
        <translation>Facet のフォルダー、Ollama のストア、LM Studio のフォルダーをもう一度調べます</translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>GGUF を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a GGUF file</source>
        <translation>GGUF ファイルを開く</translation>
    </message>
    <message>
        <source>Adds a Gemma 4 GGUF file from anywhere on this computer to the list</source>
        <translation>このコンピューター上の任意の場所にある Gemma 4 の GGUF ファイルを一覧に追加します</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>取得元</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Quantisation</source>
        <translation>量子化</translation>
    </message>
    <message>
        <source>Towers</source>
        <translation>タワー</translation>
    </message>
    <message>
        <source>Memory (GPU / host)</source>
        <translation>メモリ (GPU / ホスト)</translation>
    </message>
    <message>
        <source>Installed models</source>
        <translation>インストール済みモデル</translation>
    </message>
    <message>
        <source>Gemma 4 models found on this computer with size, quantisation, towers and the memory they need; press Enter to load the selected one</source>
        <translation>このコンピューターで見つかった Gemma 4 モデル（サイズ、量子化、タワー、必要メモリ）。Enter で選択したモデルを読み込みます</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>読み込む(&amp;L)</translation>
    </message>
    <message>
        <source>Load model</source>
        <translation>モデルを読み込む</translation>
    </message>
    <message>
        <source>Loads the selected model onto the GPU for chatting</source>
        <translation>選択したモデルをチャット用に GPU に読み込みます</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>解放(&amp;U)</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>モデルを解放</translation>
    </message>
    <message>
        <source>Frees the GPU memory the loaded model uses</source>
        <translation>読み込んだモデルが使っている GPU メモリを解放します</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>削除(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>モデルを削除</translation>
    </message>
    <message>
        <source>Deletes the selected model&apos;s files; only for models Facet downloaded</source>
        <translation>選択したモデルのファイルを削除します（Facet がダウンロードしたモデルのみ）</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>フォルダーに表示(&amp;F)</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>フォルダーに表示</translation>
    </message>
    <message>
        <source>Opens the folder that holds the model file</source>
        <translation>モデルファイルのあるフォルダーを開きます</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>一覧から外す(&amp;F)</translation>
    </message>
    <message>
        <source>Forget opened file</source>
        <translation>開いたファイルを一覧から外す</translation>
    </message>
    <message>
        <source>Takes a file opened with Open GGUF off the list; the file stays on disk</source>
        <translation>「GGUF を開く」で開いたファイルを一覧から外します。ファイルはディスクに残ります</translation>
    </message>
    <message>
        <source>Library status</source>
        <translation>ライブラリの状態</translation>
    </message>
    <message>
        <source>Scan problems</source>
        <translation>検索時の問題</translation>
    </message>
    <message>
        <source>Shows the files that were skipped while looking for models, and why</source>
        <translation>モデルの検索中にスキップしたファイルとその理由を表示します</translation>
    </message>
    <message>
        <source>Files that were skipped, and why</source>
        <translation>スキップしたファイルとその理由</translation>
    </message>
    <message>
        <source>No Gemma 4 model was found on this computer.</source>
        <translation>このコンピューターに Gemma 4 のモデルは見つかりませんでした。</translation>
    </message>
    <message>
        <source>Download one below: E2B is small and fast, E4B gives better answers. Models you already have in Ollama or LM Studio appear automatically.</source>
        <translation>下からダウンロードしてください。E2B は小さく高速、E4B はより良い回答をします。Ollama や LM Studio にあるモデルは自動的に表示されます。</translation>
    </message>
    <message>
        <source>No models installed</source>
        <translation>インストール済みのモデルはありません</translation>
    </message>
    <message>
        <source>From</source>
        <translation>提供元</translation>
    </message>
    <message>
        <source>Download size (approx.)</source>
        <translation>ダウンロードサイズ（概算）</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>説明</translation>
    </message>
    <message>
        <source>Gemma 4 catalogue</source>
        <translation>Gemma 4 カタログ</translation>
    </message>
    <message>
        <source>Gemma 4 models that can be downloaded; sizes are approximate</source>
        <translation>ダウンロードできる Gemma 4 モデル（サイズは概算）</translation>
    </message>
    <message>
        <source>Download another &amp;model (Ollama name or Hugging Face GGUF):</source>
        <translation>別のモデルをダウンロード（Ollama 名または Hugging Face の GGUF）(&amp;M):</translation>
    </message>
    <message>
        <source>gemma4:e2b, library/gemma4:e4b or huggingface.co/ORG/REPO/FILE.gguf</source>
        <translation>gemma4:e2b、library/gemma4:e4b、huggingface.co/ORG/REPO/FILE.gguf</translation>
    </message>
    <message>
        <source>Model to download</source>
        <translation>ダウンロードするモデル</translation>
    </message>
    <message>
        <source>An Ollama name such as gemma4:e2b, a Hugging Face file address, or ORG/REPO/FILE.gguf; press Enter to download</source>
        <translation>gemma4:e2b のような Ollama 名、Hugging Face のファイルアドレス、または ORG/REPO/FILE.gguf。Enter でダウンロードします</translation>
    </message>
    <message>
        <source>Do&amp;wnload</source>
        <translation>ダウンロード(&amp;W)</translation>
    </message>
    <message>
        <source>Download typed model</source>
        <translation>入力したモデルをダウンロード</translation>
    </message>
    <message>
        <source>Starts downloading the model named in the field</source>
        <translation>欄に入力したモデルのダウンロードを開始します</translation>
    </message>
    <message>
        <source>Download name problem</source>
        <translation>ダウンロード名の問題</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>Running and finished downloads</source>
        <translation>実行中と完了したダウンロード</translation>
    </message>
    <message>
        <source>Looking for models…</source>
        <translation>モデルを探しています…</translation>
    </message>
    <message>
        <source>Estimating memory…</source>
        <translation>メモリを見積もっています…</translation>
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
        <translation>開いたファイル</translation>
    </message>
    <message>
        <source>%1 (loaded)</source>
        <translation>%1（読み込み済み）</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>読み取れません</translation>
    </message>
    <message>
        <source>Share of the weights by type: %1</source>
        <translation>型ごとの重みの割合: %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>At %1 tokens: %2 of GPU memory (weights %3, KV cache %4, activations %5) and %6 of host memory besides the mapped file.</source>
        <translation>%1 トークン時: GPU メモリ %2（重み %3、KV キャッシュ %4、アクティベーション %5）、マップされたファイルとは別にホストメモリ %6。</translation>
    </message>
    <message>
        <source>This model supports at most %1 tokens.</source>
        <translation>このモデルが扱えるのは最大 %1 トークンです。</translation>
    </message>
    <message>
        <source>cannot run</source>
        <translation>実行できません</translation>
    </message>
    <message>
        <source>No models found.</source>
        <translation>モデルが見つかりません。</translation>
    </message>
    <message>
        <source>1 model</source>
        <translation>1 個のモデル</translation>
    </message>
    <message numerus="yes">
        <source>%n models</source>
        <translation>
            <numerusform>%n 個のモデル</numerusform>
        </translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 件の問題</translation>
    </message>
    <message numerus="yes">
        <source>%n problems</source>
        <translation>
            <numerusform>%n 件の問題</numerusform>
        </translation>
    </message>
    <message>
        <source>Some files were skipped; click for details.</source>
        <translation>スキップしたファイルがあります。クリックすると詳細を表示します。</translation>
    </message>
    <message>
        <source>This model is loaded. Unload it first.</source>
        <translation>このモデルは読み込まれています。先に解放してください。</translation>
    </message>
    <message>
        <source>Open a Gemma 4 GGUF file</source>
        <translation>Gemma 4 の GGUF ファイルを開く</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF モデル (*.gguf);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Cannot use this file</source>
        <translation>このファイルは使えません</translation>
    </message>
    <message>
        <source>%1 cannot be used as a model:
%2

Choose a Gemma 4 GGUF file (general.architecture &quot;gemma4&quot;).</source>
        <translation>%1 はモデルとして使えません:
%2

Gemma 4 の GGUF ファイル（general.architecture &quot;gemma4&quot;）を選んでください。</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>削除できません</translation>
    </message>
    <message>
        <source>Delete %1 (%2) from Facet&apos;s model folder? This cannot be undone.</source>
        <translation>Facet のモデルフォルダーから %1 (%2) を削除しますか？元に戻せません。</translation>
    </message>
    <message>
        <source>%1 is not in the model list.</source>
        <translation>%1 はモデル一覧にありません。</translation>
    </message>
    <message>
        <source>%1 is not inside Facet&apos;s model folder %2; it was not deleted.</source>
        <translation>%1 は Facet のモデルフォルダー %2 の中にないため、削除しませんでした。</translation>
    </message>
    <message>
        <source>Could not delete %1: %2</source>
        <translation>%1 を削除できませんでした: %2</translation>
    </message>
    <message>
        <source>The catalogue cannot be shown: %1</source>
        <translation>カタログを表示できません: %1</translation>
    </message>
    <message>
        <source>%1 (recommended)</source>
        <translation>%1（おすすめ）</translation>
    </message>
    <message>
        <source>≈ %1</source>
        <translation>≈ %1</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>インストール済み</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>%1 is installed</source>
        <translation>%1 はインストール済みです</translation>
    </message>
    <message>
        <source>Download %1 from %2</source>
        <translation>%2 から %1 をダウンロード</translation>
    </message>
    <message>
        <source>About %1; %2</source>
        <translation>約 %1。%2</translation>
    </message>
    <message>
        <source>Downloads are not available in this build.</source>
        <translation>このビルドではダウンロードを利用できません。</translation>
    </message>
</context>
<context>
    <name>facet::download</name>
    <message>
        <source>no model name or URL given</source>
        <translation>モデル名または URL が指定されていません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid URL</source>
        <translation>「%1」は有効な URL ではありません</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file is written org/repo/file.gguf</source>
        <translation>「%1」: Hugging Face のファイルは org/repo/file.gguf の形式で指定します</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not point to a .gguf file</source>
        <translation>「%1」は .gguf ファイルを指していません</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: a Hugging Face file URL looks like https://huggingface.co/org/repo/resolve/main/file.gguf</source>
        <translation>「%1」: Hugging Face のファイル URL は https://huggingface.co/org/repo/resolve/main/file.gguf のような形式です</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a model name (like gemma4:e2b or library/gemma4:e2b), a Hugging Face GGUF URL or org/repo/file.gguf</source>
        <translation>「%1」はモデル名（gemma4:e2b や library/gemma4:e2b など）、Hugging Face の GGUF URL、org/repo/file.gguf のいずれでもありません</translation>
    </message>
    <message>
        <source>no model name given</source>
        <translation>モデル名が指定されていません</translation>
    </message>
    <message>
        <source>Facet&apos;s model folder is not known</source>
        <translation>Facet のモデルフォルダーが不明です</translation>
    </message>
    <message>
        <source>cannot find the manifest of &apos;%1&apos;</source>
        <translation>「%1」のマニフェストが見つかりません</translation>
    </message>
    <message>
        <source>cannot delete %1: %2</source>
        <translation>%1 を削除できません: %2</translation>
    </message>
    <message>
        <source>cannot delete %1</source>
        <translation>%1 を削除できません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is in Ollama&apos;s store (%2); Facet never deletes Ollama&apos;s files: remove it with `ollama rm %1`</source>
        <translation>「%1」は Ollama のストア (%2) にあります。Facet は Ollama のファイルを削除しません。`ollama rm %1` で削除してください</translation>
    </message>
    <message>
        <source>&apos;%1&apos; belongs to LM Studio (%2); remove it in LM Studio</source>
        <translation>「%1」は LM Studio のもの (%2) です。LM Studio で削除してください</translation>
    </message>
    <message>
        <source>%1 is not in Facet&apos;s model folder (%2); Facet deletes only files it downloaded</source>
        <translation>%1 は Facet のモデルフォルダー (%2) にありません。Facet が削除するのは自分でダウンロードしたファイルだけです</translation>
    </message>
    <message>
        <source>no model &apos;%1&apos; in Facet&apos;s model folder %2 (see facet-cli list)</source>
        <translation>Facet のモデルフォルダー %2 にモデル「%1」はありません（facet-cli list を参照）</translation>
    </message>
</context>
<context>
    <name>facet::download::DownloadManager</name>
    <message>
        <source>giving up after %1 attempts: %2</source>
        <translation>%1 回試行して中止しました: %2</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>%2 のリダイレクトが多すぎます（%1 回超）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; not found in the registry %2: check the name and tag (for example gemma4:e2b)</source>
        <translation>レジストリ %2 にモデル「%1」が見つかりません。名前とタグを確認してください（例: gemma4:e2b）</translation>
    </message>
    <message>
        <source>the registry %1 refused access to &apos;%2&apos; (HTTP %3)</source>
        <translation>レジストリ %1 が「%2」へのアクセスを拒否しました (HTTP %3)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>%2 から HTTP %1</translation>
    </message>
    <message>
        <source>cannot reach the registry %1: %2</source>
        <translation>レジストリ %1 に接続できません: %2</translation>
    </message>
    <message>
        <source>the registry sent an unusable manifest for &apos;%1&apos;: %2</source>
        <translation>レジストリから送られた「%1」のマニフェストは使用できません: %2</translation>
    </message>
    <message>
        <source>larger than 1 MiB</source>
        <translation>1 MiB を超えています</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>JSON オブジェクトではありません</translation>
    </message>
    <message>
        <source>schemaVersion is not 2</source>
        <translation>schemaVersion が 2 ではありません</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>レイヤーが %1 個あります</translation>
    </message>
    <message>
        <source>invalid layer digest &apos;%1&apos;</source>
        <translation>レイヤーのダイジェスト「%1」が無効です</translation>
    </message>
    <message>
        <source>invalid size for layer %1</source>
        <translation>レイヤー %1 のサイズが無効です</translation>
    </message>
    <message>
        <source>it has %1 model layers (expected exactly 1)</source>
        <translation>モデルレイヤーが %1 個あります（ちょうど 1 個のはずです）</translation>
    </message>
    <message>
        <source>not enough free space in %1: the download needs %2 more, %3 are available. Free some space and pull again (the download resumes)</source>
        <translation>%1 の空き容量が足りません。ダウンロードにはあと %2 必要ですが、空きは %3 です。空き容量を確保してからもう一度ダウンロードしてください（ダウンロードは途中から再開されます）</translation>
    </message>
    <message>
        <source>model weights</source>
        <translation>モデルの重み</translation>
    </message>
    <message>
        <source>layer %1 of %2</source>
        <translation>レイヤー %1 / %2</translation>
    </message>
    <message>
        <source>its architecture is &apos;%1&apos;</source>
        <translation>アーキテクチャが「%1」です</translation>
    </message>
    <message>
        <source>it has no general.architecture</source>
        <translation>general.architecture がありません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded and verified, but it is not a Gemma 4 model (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>「%1」はダウンロードして検証しましたが、Gemma 4 のモデルではありません (%2)。Facet は Gemma 4 しか実行しないため、削除しました</translation>
    </message>
    <message>
        <source>cannot write the manifest %1: %2</source>
        <translation>マニフェスト %1 を書き込めません: %2</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>サーバーが %1 を HTTPS から暗号化されていない HTTP へリダイレクトしたため、拒否しました</translation>
    </message>
    <message>
        <source>&apos;%1&apos; not found (HTTP 404): check the organisation, repository and file name</source>
        <translation>「%1」が見つかりません (HTTP 404)。組織、リポジトリ、ファイル名を確認してください</translation>
    </message>
    <message>
        <source>access to &apos;%1&apos; was refused (HTTP %2): the repository may be gated or private</source>
        <translation>「%1」へのアクセスが拒否されました (HTTP %2)。リポジトリがアクセス制限付きか非公開の可能性があります</translation>
    </message>
    <message>
        <source>&apos;%1&apos; was downloaded, but it is not a Gemma 4 model or projector (%2); Facet runs Gemma 4 only, so it was removed</source>
        <translation>「%1」はダウンロードしましたが、Gemma 4 のモデルでもプロジェクターでもありません (%2)。Facet は Gemma 4 しか実行しないため、削除しました</translation>
    </message>
    <message>
        <source>the registry URL &apos;%1&apos; is not valid</source>
        <translation>レジストリの URL「%1」は無効です</translation>
    </message>
</context>
<context>
    <name>facet::download::FileTransfer</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>フォルダー %1 を作成できません</translation>
    </message>
    <message>
        <source>another Facet process is downloading %1 right now; wait for it to finish</source>
        <translation>別の Facet プロセスが現在 %1 をダウンロードしています。完了するまでお待ちください</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>internal error: parts of %1 are missing</source>
        <translation>内部エラー: %1 の一部が欠けています</translation>
    </message>
    <message>
        <source>the file on the server changed size (expected %1 bytes, the server says %2); pull it again</source>
        <translation>サーバー上のファイルのサイズが変わりました（想定 %1 バイト、サーバーの値 %2）。もう一度ダウンロードしてください</translation>
    </message>
    <message>
        <source>the server sends %1 bytes for %2, expected %3</source>
        <translation>サーバーが %2 に対して %1 バイトを送信しています（想定 %3）</translation>
    </message>
    <message>
        <source>cannot write the download to %1: %2</source>
        <translation>ダウンロードを %1 に書き込めません: %2</translation>
    </message>
    <message>
        <source>no data for %1 s</source>
        <translation>%1 秒間データを受信していません</translation>
    </message>
    <message>
        <source>too many redirects (more than %1) for %2</source>
        <translation>%2 のリダイレクトが多すぎます（%1 回超）</translation>
    </message>
    <message>
        <source>the server redirected %1 from HTTPS to plain HTTP; refused</source>
        <translation>サーバーが %1 を HTTPS から暗号化されていない HTTP へリダイレクトしたため、拒否しました</translation>
    </message>
    <message>
        <source>not found on the server (HTTP %1): %2</source>
        <translation>サーバー上に見つかりません (HTTP %1): %2</translation>
    </message>
    <message>
        <source>access denied (HTTP %1) for %2: the file may need a login or may not be public</source>
        <translation>%2 へのアクセスが拒否されました (HTTP %1)。ファイルにログインが必要か、公開されていない可能性があります</translation>
    </message>
    <message>
        <source>the server rejected the byte range (HTTP 416): the file changed on the server; pull it again to start over</source>
        <translation>サーバーがバイト範囲を拒否しました (HTTP 416)。サーバー上のファイルが変更されています。最初からやり直すには、もう一度ダウンロードしてください</translation>
    </message>
    <message>
        <source>the server refused %1 (HTTP %2 %3)</source>
        <translation>サーバーが %1 を拒否しました (HTTP %2 %3)</translation>
    </message>
    <message>
        <source>redirect without a usable target (HTTP %1) for %2</source>
        <translation>%2 のリダイレクトに有効な転送先がありません (HTTP %1)</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>%2 から HTTP %1</translation>
    </message>
    <message>
        <source>the connection closed after %1 of %2 bytes</source>
        <translation>%2 バイト中 %1 バイトの時点で接続が切れました</translation>
    </message>
    <message>
        <source>download failed after %1 attempts: %2</source>
        <translation>%1 回試行しましたが、ダウンロードに失敗しました: %2</translation>
    </message>
    <message>
        <source>the downloaded file has %1 bytes, expected %2; it was deleted, pull again</source>
        <translation>ダウンロードしたファイルは %1 バイトですが、想定は %2 バイトです。ファイルは削除しました。もう一度ダウンロードしてください</translation>
    </message>
    <message>
        <source>cannot read back %1: %2</source>
        <translation>%1 を読み返せません: %2</translation>
    </message>
    <message>
        <source>the downloaded data does not match its sha256 digest (expected %1, got %2); the damaged file was deleted. Pull again; if this repeats, the server or mirror serves a corrupt file</source>
        <translation>ダウンロードしたデータが sha256 ダイジェストと一致しません（想定 %1、実際 %2）。破損したファイルは削除しました。もう一度ダウンロードしてください。繰り返し発生する場合は、サーバーまたはミラーが破損したファイルを配信しています</translation>
    </message>
    <message>
        <source>cannot move %1 into place: %2</source>
        <translation>%1 を所定の場所に移動できません: %2</translation>
    </message>
</context>
</TS>
