<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>facet::app::AdapterNames</name>
    <message>
        <source>%1 does not exist. Choose a PEFT adapter folder or a GGUF LoRA file.</source>
        <translation>%1 は存在しません。PEFT アダプターのフォルダーか GGUF LoRA ファイルを選んでください。</translation>
    </message>
    <message>
        <source>%1 is not a PEFT adapter: it needs adapter_config.json and adapter_model.safetensors. Choose the folder that holds both (the adapter folder of a training run), or a GGUF LoRA file.</source>
        <translation>%1 は PEFT アダプターではありません。adapter_config.json と adapter_model.safetensors が必要です。両方を含むフォルダー（学習で作成されたアダプターのフォルダー）か、GGUF LoRA ファイルを選んでください。</translation>
    </message>
    <message>
        <source>The adapter_config.json in %1 cannot be read as JSON. Save the adapter again, or choose another one.</source>
        <translation>%1 の adapter_config.json を JSON として読み込めません。アダプターを保存し直すか、別のアダプターを選んでください。</translation>
    </message>
    <message>
        <source>%1 is neither a PEFT adapter folder nor a GGUF LoRA file (%2). Choose the adapter folder or the .gguf adapter a training run wrote.</source>
        <translation>%1 は PEFT アダプターのフォルダーでも GGUF LoRA ファイルでもありません（%2）。学習で書き出されたアダプターのフォルダーか .gguf アダプターを選んでください。</translation>
    </message>
    <message>
        <source>%1 is a GGUF model, not a LoRA adapter. Load models in the Models panel; choose an adapter (a PEFT folder or a GGUF LoRA file) here.</source>
        <translation>%1 は GGUF モデルで、LoRA アダプターではありません。モデルは「モデル」パネルで読み込み、ここではアダプター（PEFT フォルダーまたは GGUF LoRA ファイル）を選んでください。</translation>
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
        <translation>なし</translation>
    </message>
    <message>
        <source>The base model, without an adapter</source>
        <translation>アダプターなしのベースモデル</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>A PEFT adapter folder or a GGUF LoRA file</source>
        <translation>PEFT アダプターのフォルダーまたは GGUF LoRA ファイル</translation>
    </message>
    <message>
        <source>Choose an adapter</source>
        <translation>アダプターを選択</translation>
    </message>
    <message>
        <source>Adapters (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT adapter folder (adapter_config.json);;All files (*)</source>
        <translation>アダプター (*.gguf adapter_config.json adapter_model.safetensors);;GGUF LoRA (*.gguf);;PEFT アダプターのフォルダー (adapter_config.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>Adapter strength ×%1</source>
        <translation>アダプターの強さ ×%1</translation>
    </message>
    <message>
        <source>&amp;Adapter:</source>
        <translation>アダプター(&amp;A):</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>アダプター</translation>
    </message>
    <message>
        <source>The LoRA adapter this conversation runs through: none, a recent one, or browse for a PEFT folder or a GGUF LoRA file</source>
        <translation>この会話で使う LoRA アダプター: なし、最近使ったもの、または参照して PEFT フォルダーや GGUF LoRA ファイルを選びます</translation>
    </message>
    <message>
        <source>On</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>Run this conversation through the adapter (off keeps the choice)</source>
        <translation>この会話でアダプターを使います（オフにしても選択は保持されます）</translation>
    </message>
    <message>
        <source>Use the adapter</source>
        <translation>アダプターを使用</translation>
    </message>
    <message>
        <source>Adapter strength</source>
        <translation>アダプターの強さ</translation>
    </message>
    <message>
        <source>How strongly the adapter changes the model, from 0 (the base model) to 2 times</source>
        <translation>アダプターがモデルを変える強さ。0（ベースモデル）から 2 倍まで</translation>
    </message>
    <message>
        <source>Adapter strength value</source>
        <translation>アダプターの強さの値</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Answer the message you are typing, or else the last question, once from the base model and once through the adapter, side by side</source>
        <translation>入力中のメッセージ（なければ最後の質問）に、ベースモデルとアダプター経由でそれぞれ回答させ、並べて表示します</translation>
    </message>
    <message>
        <source>Compare with base model</source>
        <translation>ベースモデルと比較</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentDropFilter</name>
    <message>
        <source>Drop to attach</source>
        <translation>ドロップして添付</translation>
    </message>
    <message>
        <source>Dropped image</source>
        <translation>ドロップした画像</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>貼り付けた画像</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentImporter</name>
    <message>
        <source>“%1” is not an image or audio file Facet can read (it looks like a %2). Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <extracomment>%2 is a file type description such as &quot;plain text document&quot;</extracomment>
        <translation>「%1」は Facet が読み込める画像または音声ファイルではありません（種類: %2）。PNG、JPEG、WebP、GIF、BMP の画像か、WAV、FLAC、MP3、OGG の音声を添付してください。</translation>
    </message>
    <message>
        <source>“%1” is not an image or audio file Facet can read. Attach PNG, JPEG, WebP, GIF or BMP images, or WAV, FLAC, MP3 or OGG audio.</source>
        <translation>「%1」は Facet が読み込める画像または音声ファイルではありません。PNG、JPEG、WebP、GIF、BMP の画像か、WAV、FLAC、MP3、OGG の音声を添付してください。</translation>
    </message>
    <message>
        <source>“%1” is %2; images can be at most %3. Scale it down or save it as JPEG, then add it again.</source>
        <translation>「%1」のサイズは %2 です。画像は最大 %3 までです。縮小するか JPEG で保存してから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” is %2 × %3 pixels (%4 megapixels); images can be at most %5 megapixels. Scale it down, then add it again.</source>
        <translation>「%1」は %2 × %3 ピクセル（%4 メガピクセル）です。画像は最大 %5 メガピクセルまでです。縮小してから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>「%1」の長さは %2 です。音声の添付は最大 %3 までです。短くカットしてから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” was not found. It may have been moved or deleted.</source>
        <translation>「%1」が見つかりません。移動または削除された可能性があります。</translation>
    </message>
    <message>
        <source>“%1” is a folder. Add the files inside it instead.</source>
        <translation>「%1」はフォルダーです。中にあるファイルを追加してください。</translation>
    </message>
    <message>
        <source>Facet cannot open “%1” (%2). Check that you may read it.</source>
        <translation>Facet は「%1」を開けません（%2）。読み取り権限があるか確認してください。</translation>
    </message>
    <message>
        <source>“%1” is empty (0 bytes).</source>
        <translation>「%1」は空です（0 バイト）。</translation>
    </message>
    <message>
        <source>“%1” is too large to read (%2); audio attachments can be at most %3 long. Cut it shorter, then add it again.</source>
        <translation>「%1」は大きすぎて読み込めません（%2）。音声の添付は最大 %3 までです。短くカットしてから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2).</source>
        <translation>「%1」を読み込めませんでした（%2）。</translation>
    </message>
    <message>
        <source>“%1” is a damaged WAV file: %2. Export it again from the program that made it.</source>
        <translation>「%1」は破損した WAV ファイルです: %2。作成したプログラムからもう一度書き出してください。</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read (it looks like a %2). Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>「%1」は Facet が読み込める画像ではありません（種類: %2）。PNG、JPEG、WebP、GIF、BMP を使ってください。</translation>
    </message>
    <message>
        <source>“%1” is not an image Facet can read. Use PNG, JPEG, WebP, GIF or BMP.</source>
        <translation>「%1」は Facet が読み込める画像ではありません。PNG、JPEG、WebP、GIF、BMP を使ってください。</translation>
    </message>
    <message>
        <source>“%1” is cut off: the file ends before the image does. Copy or download it again.</source>
        <translation>「%1」は途中で切れています。画像の終わりより前にファイルが終わっています。もう一度コピーするかダウンロードしてください。</translation>
    </message>
    <message>
        <source>“%1” could not be decoded (%2). The file may be damaged; check it in an image viewer.</source>
        <translation>「%1」をデコードできませんでした（%2）。ファイルが破損している可能性があります。画像ビューアーで確認してください。</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer and was not attached. Save it first, then attach the saved file.</source>
        <translation>「%1」はこのコンピューター上のファイルではないため、添付しませんでした。いったん保存してから、保存したファイルを添付してください。</translation>
    </message>
    <message>
        <source>“%1” and %2 more are not files on this computer and were not attached. Save them first, then attach the saved files.</source>
        <translation>「%1」ほか %2 件はこのコンピューター上のファイルではないため、添付しませんでした。いったん保存してから、保存したファイルを添付してください。</translation>
    </message>
    <message>
        <source>“%1” is not a file on this computer. Save it first, then attach the saved file.</source>
        <translation>「%1」はこのコンピューター上のファイルではありません。いったん保存してから、保存したファイルを添付してください。</translation>
    </message>
    <message>
        <source>There is no image, audio or file here to attach.</source>
        <translation>ここには添付できる画像、音声、ファイルがありません。</translation>
    </message>
    <message>
        <source>The import failed for an unknown reason.</source>
        <translation>不明な理由でインポートに失敗しました。</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentText</name>
    <message>
        <source>1 byte</source>
        <comment>file size</comment>
        <translation>1 バイト</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <comment>file size</comment>
        <translation>%1 バイト</translation>
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
        <translation>%1、音声、%2</translation>
    </message>
    <message>
        <source>%1, image, %2 × %3 pixels, %4</source>
        <extracomment>image attachment: file name, width × height in pixels, file size</extracomment>
        <translation>%1、画像、%2 × %3 ピクセル、%4</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentTray</name>
    <message>
        <source>Remove “%1”</source>
        <translation>「%1」を削除</translation>
    </message>
    <message>
        <source>Removes this attachment from the message being written</source>
        <translation>作成中のメッセージからこの添付ファイルを外します</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>添付ファイル</translation>
    </message>
    <message>
        <source>The images and audio that go with the next message</source>
        <translation>次のメッセージに添える画像と音声</translation>
    </message>
    <message>
        <source>Adding attachments…</source>
        <translation>添付ファイルを追加しています…</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>添付ファイルの問題</translation>
    </message>
    <message>
        <source>Why an image or audio file was not attached</source>
        <translation>画像または音声ファイルが添付されなかった理由</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>メッセージを閉じる</translation>
    </message>
    <message>
        <source>Hides the message about attachments that failed</source>
        <translation>失敗した添付ファイルについてのメッセージを隠します</translation>
    </message>
</context>
<context>
    <name>facet::app::AttachmentsDock</name>
    <message>
        <source>The clipboard holds no image or file to attach. Copy an image or a file first.</source>
        <translation>クリップボードに添付できる画像やファイルがありません。先に画像かファイルをコピーしてください。</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>貼り付けた画像</translation>
    </message>
    <message>
        <source>Images and audio (%1)</source>
        <translation>画像と音声 (%1)</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>画像 (%1)</translation>
    </message>
    <message>
        <source>Audio (%1)</source>
        <translation>音声 (%1)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Attach images or audio</source>
        <translation>画像または音声を添付</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <extracomment>attachments in the message / the most a message can carry</extracomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Number of attachments</source>
        <translation>添付ファイルの数</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>添付ファイル</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>次のメッセージに添える画像と音声、およびマイク録音</translation>
    </message>
    <message>
        <source>Attachments for the next message</source>
        <translation>次のメッセージの添付ファイル</translation>
    </message>
    <message>
        <source>No attachments yet.</source>
        <translation>添付ファイルはまだありません。</translation>
    </message>
    <message>
        <source>Drop images or audio files here, paste them with Ctrl+V, or add files. Up to %1 per message; images up to %2, audio up to %3 (m:ss).</source>
        <translation>画像や音声ファイルをここにドロップするか、Ctrl+V で貼り付けるか、ファイルを追加してください。1 件のメッセージにつき最大 %1 個まで。画像は最大 %2、音声は最大 %3（分:秒）です。</translation>
    </message>
    <message>
        <source>&amp;Add files…</source>
        <translation>ファイルを追加(&amp;A)…</translation>
    </message>
    <message>
        <source>Add files</source>
        <translation>ファイルを追加</translation>
    </message>
    <message>
        <source>Choose images or audio files to attach</source>
        <translation>添付する画像または音声ファイルを選択します</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>貼り付け(&amp;P)</translation>
    </message>
    <message>
        <source>Paste from clipboard</source>
        <translation>クリップボードから貼り付け</translation>
    </message>
    <message>
        <source>Attaches the image or files on the clipboard</source>
        <translation>クリップボードにある画像またはファイルを添付します</translation>
    </message>
    <message>
        <source>Remove all</source>
        <translation>すべて削除</translation>
    </message>
    <message>
        <source>Remove all attachments</source>
        <translation>すべての添付ファイルを削除</translation>
    </message>
    <message>
        <source>Removes every attachment from the message</source>
        <translation>メッセージからすべての添付ファイルを外します</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>マイク</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioFileDecoder</name>
    <message>
        <source>“%1” could not be decoded: the audio decoder gave no answer for %2 s. Convert the file to WAV and add it again.</source>
        <extracomment>%2: seconds, e.g. &quot;15 s&quot;</extracomment>
        <translation>「%1」をデコードできませんでした: 音声デコーダーが %2 秒間応答しませんでした。ファイルを WAV に変換して、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” is %2 long; audio attachments can be at most %3. Cut it shorter, then add it again.</source>
        <translation>「%1」の長さは %2 です。音声の添付は最大 %3 までです。短くカットしてから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded: this computer has no audio decoder for Qt Multimedia. Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>「%1」をデコードできません: このコンピューターには Qt Multimedia 用の音声デコーダーがありません。GStreamer の音声プラグインをインストールするか、ファイルを WAV に変換してください。</translation>
    </message>
    <message>
        <source>“%1” could not be decoded: the decoder delivered samples in an unknown format.</source>
        <translation>「%1」をデコードできませんでした: デコーダーが不明な形式のサンプルを返しました。</translation>
    </message>
    <message>
        <source>“%1” is longer than %2; audio attachments can be at most that long. Cut it shorter, then add it again.</source>
        <translation>「%1」は %2 より長いです。音声の添付はこの長さまでです。短くカットしてから、もう一度追加してください。</translation>
    </message>
    <message>
        <source>“%1” contains no audio.</source>
        <translation>「%1」には音声が含まれていません。</translation>
    </message>
    <message>
        <source>Facet may not read “%1” (%2). Check the file&apos;s permissions.</source>
        <translation>Facet には「%1」を読み取る権限がありません（%2）。ファイルのアクセス権を確認してください。</translation>
    </message>
    <message>
        <source>“%1” cannot be decoded on this computer (%2). Install GStreamer&apos;s audio plugins or convert the file to WAV.</source>
        <translation>このコンピューターでは「%1」をデコードできません（%2）。GStreamer の音声プラグインをインストールするか、ファイルを WAV に変換してください。</translation>
    </message>
    <message>
        <source>“%1” is not audio Facet can decode (%2). Use WAV, FLAC, MP3 or OGG.</source>
        <translation>「%1」は Facet がデコードできる音声ではありません（%2）。WAV、FLAC、MP3、OGG を使ってください。</translation>
    </message>
    <message>
        <source>“%1” could not be read (%2). The file may be damaged or unreadable.</source>
        <translation>「%1」を読み込めませんでした（%2）。ファイルが破損しているか、読み取れない可能性があります。</translation>
    </message>
</context>
<context>
    <name>facet::app::AudioRecorder</name>
    <message>
        <source>The microphone “%1” reports no sample format Facet can use. Choose another input.</source>
        <translation>マイク「%1」は Facet が使えるサンプル形式を提供していません。別の入力を選んでください。</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened. Another program may be using it, or Facet may not be allowed to: check the system&apos;s sound and privacy settings.</source>
        <translation>マイク「%1」を開けませんでした。別のプログラムが使用中か、Facet に使用が許可されていない可能性があります。システムのサウンドとプライバシーの設定を確認してください。</translation>
    </message>
    <message>
        <source>Reading from the microphone “%1” failed. It may have been unplugged.</source>
        <translation>マイク「%1」からの読み取りに失敗しました。接続が外れた可能性があります。</translation>
    </message>
    <message>
        <source>The microphone “%1” stopped working. It may have been unplugged.</source>
        <translation>マイク「%1」が動作しなくなりました。接続が外れた可能性があります。</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one, check that the system&apos;s sound settings show it, and try again.</source>
        <translation>マイクが見つかりません。マイクを接続し、システムのサウンド設定に表示されていることを確認してから、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The microphone “%1” is no longer available. Choose another input.</source>
        <translation>マイク「%1」は使用できなくなりました。別の入力を選んでください。</translation>
    </message>
    <message>
        <source>The microphone “%1” could not be opened.</source>
        <translation>マイク「%1」を開けませんでした。</translation>
    </message>
    <message>
        <source>%1 The recording so far (%2) is kept.</source>
        <translation>%1 ここまでの録音（%2）は保持されています。</translation>
    </message>
    <message>
        <source>The microphone “%1” delivers samples in a format Facet does not know. Choose another input.</source>
        <translation>マイク「%1」は Facet が扱えない形式のサンプルを送ってきます。別の入力を選んでください。</translation>
    </message>
    <message>
        <source>The recording stopped at its limit of %1.</source>
        <translation>録音は上限の %1 に達したため停止しました。</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected.</source>
        <translation>マイク「%1」が切断されました。</translation>
    </message>
    <message>
        <source>The microphone “%1” was disconnected. The recording so far (%2) is kept.</source>
        <translation>マイク「%1」が切断されました。ここまでの録音（%2）は保持されています。</translation>
    </message>
    <message>
        <source>There is no recording to play yet.</source>
        <translation>再生できる録音はまだありません。</translation>
    </message>
    <message>
        <source>There is no sound output (speakers or headphones) to play the recording on.</source>
        <translation>録音を再生するサウンド出力（スピーカーやヘッドホン）がありません。</translation>
    </message>
    <message>
        <source>The sound output “%1” takes no format Facet can play.</source>
        <translation>サウンド出力「%1」は Facet が再生できる形式に対応していません。</translation>
    </message>
    <message>
        <source>Playing the recording failed: the sound output stopped.</source>
        <translation>録音の再生に失敗しました: サウンド出力が停止しました。</translation>
    </message>
    <message>
        <source>The sound output “%1” could not be opened. Another program may be using it.</source>
        <translation>サウンド出力「%1」を開けませんでした。別のプログラムが使用中の可能性があります。</translation>
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
    <name>facet::app::ChatController</name>
    <message>
        <source>Choose an adapter for this conversation to compare it with the base model.</source>
        <translation>ベースモデルと比較するには、この会話のアダプターを選んでください。</translation>
    </message>
    <message>
        <source>That message is no longer part of the conversation.</source>
        <translation>そのメッセージはもう会話に含まれていません。</translation>
    </message>
    <message>
        <source>There is no question to compare the answers to.</source>
        <translation>回答を比較するための質問がありません。</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatPanel</name>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>クリップボードにコピーしました。</translation>
    </message>
    <message>
        <source>Stopped when Facet closed.</source>
        <translation>Facet の終了時に停止しました。</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>Starts a new, empty conversation (Ctrl+N)</source>
        <translation>新しい空の会話を始めます (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <source>Full-text search over every message; the list shows the matching conversations</source>
        <translation>すべてのメッセージを全文検索します。一致する会話が一覧に表示されます</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>Your conversations, newest first. Enter opens one; the context menu renames, exports or deletes it.</source>
        <translation>会話の一覧（新しい順）。Enter で開きます。コンテキストメニューから名前の変更、エクスポート、削除ができます。</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>会話のタイトル</translation>
    </message>
    <message>
        <source>Loaded model</source>
        <translation>読み込み済みのモデル</translation>
    </message>
    <message>
        <source>Context used</source>
        <translation>使用中のコンテキスト</translation>
    </message>
    <message>
        <source>How much of the model&apos;s context this conversation fills</source>
        <translation>この会話がモデルのコンテキストをどれだけ使っているか</translation>
    </message>
    <message>
        <source>Chat settings</source>
        <translation>チャットの設定</translation>
    </message>
    <message>
        <source>System prompt and sampling of this conversation</source>
        <translation>この会話のシステムプロンプトとサンプリング</translation>
    </message>
    <message>
        <source>Edit this conversation&apos;s system prompt and sampling settings</source>
        <translation>この会話のシステムプロンプトとサンプリング設定を編集します</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>会話の記録</translation>
    </message>
    <message>
        <source>The messages of this conversation</source>
        <translation>この会話のメッセージ</translation>
    </message>
    <message>
        <source>Message Gemma… (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Gemma へのメッセージ…（Enter で送信、Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Type your message. Enter or Ctrl+Enter sends it; Shift+Enter starts a new line.</source>
        <translation>メッセージを入力してください。Enter または Ctrl+Enter で送信、Shift+Enter で改行します。</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添付</translation>
    </message>
    <message>
        <source>Attach images or audio files (Ctrl+Shift+A)</source>
        <translation>画像または音声ファイルを添付 (Ctrl+Shift+A)</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>ファイルを添付</translation>
    </message>
    <message>
        <source>Opens the Attachments panel to add images or audio</source>
        <translation>「添付ファイル」パネルを開いて画像や音声を追加します</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>録音</translation>
    </message>
    <message>
        <source>Record a voice message (Ctrl+Shift+R)</source>
        <translation>音声メッセージを録音 (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Record voice</source>
        <translation>音声を録音</translation>
    </message>
    <message>
        <source>Records from the microphone in the Attachments panel</source>
        <translation>「添付ファイル」パネルでマイクから録音します</translation>
    </message>
    <message>
        <source>Think</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Let the model reason step by step before it answers</source>
        <translation>回答する前にモデルに段階的に考えさせます</translation>
    </message>
    <message>
        <source>Thinking mode</source>
        <translation>思考モード</translation>
    </message>
    <message>
        <source>When on, the model thinks before answering; the thoughts appear in a collapsible block</source>
        <translation>オンにすると、モデルは回答する前に考えます。思考は折りたたみ可能なブロックに表示されます</translation>
    </message>
    <message>
        <source>Notice</source>
        <translation>お知らせ</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>生成を停止</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <source>Stops the answer being written (Escape)</source>
        <translation>書き込み中の回答を止めます (Esc)</translation>
    </message>
    <message>
        <source>Sends your message to the model (Ctrl+Enter)</source>
        <translation>メッセージをモデルに送信します (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Stop (Esc)</source>
        <translation>停止 (Esc)</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>送信 (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>モデルが読み込まれていません</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 トークン</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n message(s)</source>
        <translation>
            <numerusform>%1 · %n 件のメッセージ</numerusform>
        </translation>
    </message>
    <message>
        <source>No conversation mentions “%1”.</source>
        <translation>「%1」を含む会話はありません。</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>名前を変更…</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Markdown としてエクスポート…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>JSON としてエクスポート…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>会話の名前を変更</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>タイトル:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>会話を削除</translation>
    </message>
    <message>
        <source>Delete “%1” and all its messages? This cannot be undone.</source>
        <translation>「%1」とそのすべてのメッセージを削除しますか？元に戻せません。</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>JSON としてエクスポート</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Markdown としてエクスポート</translation>
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
        <translation>この回答は途中で切れています。</translation>
    </message>
    <message>
        <source>Could not start a conversation: %1</source>
        <translation>会話を開始できませんでした: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel, then send again; your message is kept.</source>
        <translation>モデルが読み込まれていません。「モデル」パネルでモデルを読み込んでから、もう一度送信してください。メッセージは残っています。</translation>
    </message>
    <message>
        <source>Your message could not be saved: %1. It is still in the message box.</source>
        <translation>メッセージを保存できませんでした: %1。メッセージはまだ入力欄にあります。</translation>
    </message>
    <message>
        <source>Could not save the answer: %1</source>
        <translation>回答を保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Reading the conversation…</source>
        <translation>会話を読み込んでいます…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止しています…</translation>
    </message>
    <message>
        <source>Answering (%1 of %2 prompt tokens reused)…</source>
        <translation>回答中（プロンプトの %2 トークン中 %1 トークンを再利用）…</translation>
    </message>
    <message>
        <source>Answering (%1 prompt tokens)…</source>
        <translation>回答中（プロンプト %1 トークン）…</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n トークン</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 トークン/秒</translation>
    </message>
    <message>
        <source>first token %1 s</source>
        <translation>最初のトークンまで %1 秒</translation>
    </message>
    <message>
        <source>%1 cached</source>
        <translation>%1 キャッシュ済み</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>length limit reached</source>
        <translation>長さの上限に到達</translation>
    </message>
    <message>
        <source>The context is full: the answer stopped at %1 tokens.</source>
        <translation>コンテキストがいっぱいです: 回答は %1 トークンで止まりました。</translation>
    </message>
    <message>
        <source>Start a new chat or raise the context length in Settings.</source>
        <translation>新しいチャットを始めるか、設定でコンテキスト長を増やしてください。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>停止しました。</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>完了: %1</translation>
    </message>
    <message>
        <source>No model is loaded. Load one in the Models panel first.</source>
        <translation>モデルが読み込まれていません。先に「モデル」パネルでモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Could not save the edited message: %1</source>
        <translation>編集したメッセージを保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Saved as a training example in %1.</source>
        <translation>学習用サンプルとして %1 に保存しました。</translation>
    </message>
    <message>
        <source>Could not save the training example: %1</source>
        <translation>学習用サンプルを保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>%1 にエクスポートできませんでした: %2</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>%1 にエクスポートしました。</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>Instructions the model follows throughout this conversation</source>
        <translation>この会話を通してモデルが従う指示</translation>
    </message>
    <message>
        <source>System prompt:</source>
        <translation>システムプロンプト:</translation>
    </message>
    <message>
        <source>Reading the attachments… %1%</source>
        <translation>添付ファイルを読み込んでいます… %1%</translation>
    </message>
    <message>
        <source>adapter %1</source>
        <translation>アダプター %1</translation>
    </message>
    <message>
        <source>base model</source>
        <translation>ベースモデル</translation>
    </message>
    <message>
        <source>An answer is being written. Wait for it (or stop it), then choose the adapter again.</source>
        <translation>回答を書き込み中です。終わるのを待つか停止してから、もう一度アダプターを選んでください。</translation>
    </message>
    <message>
        <source>New chat with the adapter %1.</source>
        <translation>アダプター %1 で新しいチャットを始めました。</translation>
    </message>
    <message>
        <source>The adapter %1 could not be used, so this conversation is back on the base model (the message above says why). Choose an adapter made for this model, or fix the file and choose it again.</source>
        <translation>アダプター %1 を使用できなかったため、この会話はベースモデルに戻りました（理由は上のメッセージを参照してください）。このモデル用に作られたアダプターを選ぶか、ファイルを修正してからもう一度選んでください。</translation>
    </message>
    <message>
        <source>Choose an adapter first: the comparison answers once from the base model and once through the adapter.</source>
        <translation>先にアダプターを選んでください。比較では、ベースモデルとアダプター経由でそれぞれ 1 回ずつ回答します。</translation>
    </message>
    <message>
        <source>Type a question to compare the base model&apos;s answer with the adapter&apos;s.</source>
        <translation>ベースモデルの回答とアダプターの回答を比較するには、質問を入力してください。</translation>
    </message>
    <message>
        <source>Comparing the base model with the adapter…</source>
        <translation>ベースモデルとアダプターを比較しています…</translation>
    </message>
    <message>
        <source>Compared: keep one of the answers, or close the comparison.</source>
        <translation>比較が終わりました。どちらかの回答を採用するか、比較を閉じてください。</translation>
    </message>
    <message>
        <source>Could not save the question: %1</source>
        <translation>質問を保存できませんでした: %1</translation>
    </message>
    <message>
        <source>Kept the adapter&apos;s answer.</source>
        <translation>アダプターの回答を採用しました。</translation>
    </message>
    <message>
        <source>Kept the base model&apos;s answer.</source>
        <translation>ベースモデルの回答を採用しました。</translation>
    </message>
</context>
<context>
    <name>facet::app::ChatView</name>
    <message>
        <source>Calling the tool %1.</source>
        <translation>ツール %1 を呼び出しています。</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>エラー: %1</translation>
    </message>
    <message>
        <source>Error: %1 What to do: %2</source>
        <translation>エラー: %1 対処方法: %2</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>The messages of this conversation, oldest first</source>
        <translation>この会話のメッセージ（古い順）</translation>
    </message>
</context>
<context>
    <name>facet::app::CodeBlock</name>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>%1 (being written…)</source>
        <translation>%1（書き込み中…）</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>コピーしました</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy this code to the clipboard</source>
        <translation>このコードをクリップボードにコピー</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>コードをコピー</translation>
    </message>
    <message>
        <source>Copies exactly the code of this block (%1)</source>
        <translation>このブロックのコードをそのままコピーします (%1)</translation>
    </message>
    <message>
        <source>Code: %1</source>
        <translation>コード: %1</translation>
    </message>
    <message>
        <source>Read-only code; select with the keyboard or the mouse</source>
        <translation>読み取り専用のコード。キーボードまたはマウスで選択できます</translation>
    </message>
    <message>
        <source>Code block: %1</source>
        <translation>コードブロック: %1</translation>
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
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Stop both answers</source>
        <translation>両方の回答を停止します</translation>
    </message>
    <message>
        <source>Close the comparison; the conversation stays as it was</source>
        <translation>比較を閉じます。会話は元のままです</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>ベースモデル</translation>
    </message>
    <message>
        <source>Adapter %1</source>
        <translation>アダプター %1</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <translation>この回答を採用</translation>
    </message>
    <message>
        <source>Add this answer to the conversation</source>
        <translation>この回答を会話に追加します</translation>
    </message>
    <message>
        <source>Keep the base model&apos;s answer</source>
        <translation>ベースモデルの回答を採用</translation>
    </message>
    <message>
        <source>Keep the adapter&apos;s answer</source>
        <translation>アダプターの回答を採用</translation>
    </message>
    <message>
        <source>Base model&apos;s answer</source>
        <translation>ベースモデルの回答</translation>
    </message>
    <message>
        <source>Adapter&apos;s answer</source>
        <translation>アダプターの回答</translation>
    </message>
    <message>
        <source>Compared prompt</source>
        <translation>比較したプロンプト</translation>
    </message>
</context>
<context>
    <name>facet::app::ConversationStore</name>
    <message>
        <source>The disk is full, so the conversation could not be saved. Free some space and try again.</source>
        <translation>ディスクがいっぱいのため、会話を保存できませんでした。空き容量を確保して、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The conversation database is read-only (%1). Check the permissions of the file and its folder.</source>
        <translation>会話データベースは読み取り専用です（%1）。ファイルとそのフォルダーのアクセス権を確認してください。</translation>
    </message>
    <message>
        <source>The conversation database is in use by another program (is Facet running twice?). Close the other one and try again.</source>
        <translation>会話データベースは別のプログラムが使用中です（Facet を 2 つ起動していませんか？）。もう一方を閉じて、もう一度お試しください。</translation>
    </message>
    <message>
        <source>Reading or writing the conversation database failed (%1). The disk may be full or failing: free some space or check the disk, then try again.</source>
        <translation>会話データベースの読み書きに失敗しました（%1）。ディスクがいっぱいか故障している可能性があります。空き容量を確保するかディスクを確認してから、もう一度お試しください。</translation>
    </message>
    <message>
        <source>The conversation database cannot be opened (%1). Check that its folder exists and is writable.</source>
        <translation>会話データベースを開けません（%1）。フォルダーが存在し、書き込み可能か確認してください。</translation>
    </message>
    <message>
        <source>The conversation database is damaged (%1).</source>
        <translation>会話データベースが破損しています（%1）。</translation>
    </message>
    <message>
        <source>Unknown database error.</source>
        <translation>不明なデータベースエラーです。</translation>
    </message>
    <message>
        <source>The temperature must be 0 or more (got %1).</source>
        <translation>温度は 0 以上でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>Top-k must be 0 (off) or more (got %1).</source>
        <translation>Top-k は 0（オフ）以上でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>Top-p must be between 0 and 1 (got %1).</source>
        <translation>Top-p は 0 から 1 の間でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>Min-p must be between 0 and 1 (got %1).</source>
        <translation>Min-p は 0 から 1 の間でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>The repetition penalty must be more than 0 (got %1).</source>
        <translation>繰り返しペナルティは 0 より大きくなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>The presence and frequency penalties must be numbers.</source>
        <translation>存在ペナルティと頻度ペナルティは数値でなければなりません。</translation>
    </message>
    <message>
        <source>The token limit must be 0 (until the model stops) or more (got %1).</source>
        <translation>トークン上限は 0（モデルが止まるまで）以上でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>User</source>
        <comment>message author</comment>
        <translation>ユーザー</translation>
    </message>
    <message>
        <source>Assistant</source>
        <comment>message author</comment>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>System</source>
        <comment>message author</comment>
        <translation>システム</translation>
    </message>
    <message>
        <source>Tool result</source>
        <comment>message author</comment>
        <translation>ツールの結果</translation>
    </message>
    <message>
        <source>The conversation database is not open.</source>
        <translation>会話データベースが開かれていません。</translation>
    </message>
    <message>
        <source>There is no folder for application data, so conversations cannot be saved. Check that your home folder exists.</source>
        <translation>アプリケーションデータ用のフォルダーがないため、会話を保存できません。ホームフォルダーが存在するか確認してください。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a conversation database. Move it away and try again.</source>
        <translation>%1 はフォルダーであり、会話データベースではありません。別の場所に移動してから、もう一度お試しください。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the conversation database. Check that the location exists and that you may write there.</source>
        <translation>会話データベース用のフォルダー %1 を作成できません。その場所が存在し、書き込み可能か確認してください。</translation>
    </message>
    <message>
        <source>The folder %1 is not writable, so conversations cannot be saved. Check its permissions.</source>
        <translation>フォルダー %1 に書き込めないため、会話を保存できません。アクセス権を確認してください。</translation>
    </message>
    <message>
        <source>The conversation database %1 is read-only. Check its permissions.</source>
        <translation>会話データベース %1 は読み取り専用です。アクセス権を確認してください。</translation>
    </message>
    <message>
        <source>Cannot read the conversation database %1: %2</source>
        <translation>会話データベース %1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation>SQLite データベースではありません</translation>
    </message>
    <message>
        <source>The conversation database %1 is damaged (%2) and could not be moved aside: %3. Move it away yourself and start Facet again.</source>
        <translation>会話データベース %1 は破損しており（%2）、別の場所に退避できませんでした: %3。手動で移動してから Facet を再起動してください。</translation>
    </message>
    <message>
        <source>Your conversation history was damaged and could not be read, so Facet started a new, empty one. The old file was kept as %1; tools such as sqlite3&apos;s &quot;.recover&quot; may get conversations back from it. (Details: %2)</source>
        <translation>会話履歴が破損していて読み込めなかったため、Facet は新しい空の履歴を作成しました。古いファイルは %1 として残してあります。sqlite3 の「.recover」などのツールで会話を取り戻せる場合があります。（詳細: %2）</translation>
    </message>
    <message>
        <source>Qt&apos;s SQLite driver (QSQLITE) is missing, so conversations cannot be saved. Install it (Debian: libqt6sql6-sqlite).</source>
        <translation>Qt の SQLite ドライバー (QSQLITE) がないため、会話を保存できません。インストールしてください（Debian: libqt6sql6-sqlite）。</translation>
    </message>
    <message>
        <source>SQLite&apos;s check found: %1</source>
        <translation>SQLite のチェック結果: %1</translation>
    </message>
    <message>
        <source>renaming it failed</source>
        <translation>名前の変更に失敗しました</translation>
    </message>
    <message>
        <source>it vanished</source>
        <translation>見つからなくなりました</translation>
    </message>
    <message>
        <source>renaming %1 failed</source>
        <translation>%1 の名前の変更に失敗しました</translation>
    </message>
    <message>
        <source>The conversation database %1 was written by a newer version of Facet (schema %2; this version reads up to %3). Update Facet, or move the file away to start with an empty history.</source>
        <translation>会話データベース %1 は新しいバージョンの Facet で書き込まれています（スキーマ %2、このバージョンが読めるのは %3 まで）。Facet を更新するか、ファイルを別の場所に移動して空の履歴から始めてください。</translation>
    </message>
    <message>
        <source>The conversation database uses SQLite&apos;s full-text search (FTS5), which this system&apos;s SQLite library lacks. Install an SQLite with FTS5.</source>
        <translation>会話データベースは SQLite の全文検索 (FTS5) を使いますが、このシステムの SQLite ライブラリには FTS5 がありません。FTS5 付きの SQLite をインストールしてください。</translation>
    </message>
    <message>
        <source>Setting up the conversation database failed: %1</source>
        <translation>会話データベースの準備に失敗しました: %1</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新しいチャット</translation>
    </message>
    <message>
        <source>There is no conversation with id %1.</source>
        <translation>ID %1 の会話はありません。</translation>
    </message>
    <message>
        <source>The saved model state %1 of the conversation could not be deleted. Check the folder&apos;s permissions.</source>
        <translation>会話の保存済みモデル状態 %1 を削除できませんでした。フォルダーのアクセス権を確認してください。</translation>
    </message>
    <message>
        <source>Unknown message role &quot;%1&quot; (expected system, user, assistant or tool).</source>
        <translation>不明なメッセージの役割「%1」です（system、user、assistant、tool のいずれかが必要です）。</translation>
    </message>
    <message>
        <source>Attachment &quot;%1&quot; is neither an image nor audio.</source>
        <translation>添付ファイル「%1」は画像でも音声でもありません。</translation>
    </message>
    <message>
        <source>There is no message with id %1 in conversation %2 to reply to.</source>
        <translation>会話 %2 に、返信先となる ID %1 のメッセージはありません。</translation>
    </message>
    <message>
        <source>There is no message with id %1.</source>
        <translation>ID %1 のメッセージはありません。</translation>
    </message>
    <message>
        <source>The branch below message %1 could not be read.</source>
        <translation>メッセージ %1 以下の分岐を読み込めませんでした。</translation>
    </message>
    <message>
        <source>Created: %1</source>
        <translation>作成日時: %1</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>モデル: %1</translation>
    </message>
    <message>
        <source>Exported from Facet</source>
        <translation>Facet からエクスポート</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Tool calls:</source>
        <translation>ツール呼び出し:</translation>
    </message>
    <message>
        <source>Audio: %1 (%2, %3 s)</source>
        <translation>音声: %1 (%2、%3 秒)</translation>
    </message>
    <message>
        <source>Image: %1 (%2, %3)</source>
        <translation>画像: %1 (%2、%3)</translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>エラー:</translation>
    </message>
    <message>
        <source>(answer incomplete)</source>
        <translation>（回答は未完了）</translation>
    </message>
    <message>
        <source>Only an answer of the assistant can end a training example.</source>
        <translation>学習用サンプルの最後に置けるのはアシスタントの回答だけです。</translation>
    </message>
    <message>
        <source>No file was given for the training example.</source>
        <translation>学習用サンプルの保存先ファイルが指定されていません。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1 for the training data. Choose another location.</source>
        <translation>学習データ用のフォルダー %1 を作成できません。別の場所を選んでください。</translation>
    </message>
    <message>
        <source>%1 is a folder; choose a file for the training data.</source>
        <translation>%1 はフォルダーです。学習データ用のファイルを選んでください。</translation>
    </message>
    <message>
        <source>Cannot open %1 to save the training example: %2</source>
        <translation>学習用サンプルを保存するために %1 を開けません: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>The training example could not be saved to %1: %2</source>
        <translation>学習用サンプルを %1 に保存できませんでした: %2</translation>
    </message>
    <message>
        <source>The adapter strength must be between 0 and 2 (got %1).</source>
        <translation>アダプターの強さは 0 から 2 の間でなければなりません（指定値: %1）。</translation>
    </message>
    <message>
        <source>Adapter: %1 ×%2</source>
        <translation>アダプター: %1 ×%2</translation>
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
    <name>facet::app::FineTuneDock</name>
    <message>
        <source>Data</source>
        <translation>データ</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>学習</translation>
    </message>
    <message>
        <source>Adapter</source>
        <translation>アダプター</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Saves a checkpoint and stops; Resume continues from it.</source>
        <translation>チェックポイントを保存して停止します。「再開」でそこから続けます。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Ends the run now and saves the adapter as it is.</source>
        <translation>学習をすぐに終了し、その時点のアダプターを保存します。</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>学習データ(&amp;T):</translation>
    </message>
    <message>
        <source>A JSONL file: choose one or drop it here</source>
        <translation>JSONL ファイル: 選択するか、ここにドロップします</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>学習データのファイル</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Choose the training data file</source>
        <translation>学習データのファイルを選択</translation>
    </message>
    <message>
        <source>&amp;Validation data:</source>
        <translation>検証データ(&amp;V):</translation>
    </message>
    <message>
        <source>Optional: a JSONL file of held-out examples</source>
        <translation>省略可: 学習に使わないサンプルの JSONL ファイル</translation>
    </message>
    <message>
        <source>Validation data file</source>
        <translation>検証データのファイル</translation>
    </message>
    <message>
        <source>Choose the validation data file</source>
        <translation>検証データのファイルを選択</translation>
    </message>
    <message>
        <source>Or &amp;hold out:</source>
        <translation>または取り分ける割合(&amp;H):</translation>
    </message>
    <message>
        <source>Share held out for validation</source>
        <translation>検証用に取り分ける割合</translation>
    </message>
    <message>
        <source>The share of the training data kept for validation when no validation file is given</source>
        <translation>検証データのファイルを指定しない場合に、学習データから検証用に取り分ける割合</translation>
    </message>
    <message>
        <source>Skip bad lines (train on the good examples)</source>
        <translation>不正な行を飛ばす（正しいサンプルで学習する）</translation>
    </message>
    <message>
        <source>Check data</source>
        <translation>データを確認</translation>
    </message>
    <message>
        <source>First examples as the model sees them (highlighted: what it learns to write):</source>
        <translation>モデルから見た最初のサンプル（強調表示: モデルが書くことを学ぶ部分）:</translation>
    </message>
    <message>
        <source>Data problems and length histogram</source>
        <translation>データの問題と長さのヒストグラム</translation>
    </message>
    <message>
        <source>Rendered examples</source>
        <translation>整形後のサンプル</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>プリセット(&amp;P):</translation>
    </message>
    <message>
        <source>&amp;Rank:</source>
        <translation>ランク(&amp;R):</translation>
    </message>
    <message>
        <source>&amp;Alpha:</source>
        <translation>アルファ(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>ドロップアウト(&amp;D):</translation>
    </message>
    <message>
        <source>Adapted projections:</source>
        <translation>適応させる射影:</translation>
    </message>
    <message>
        <source>&amp;Learning rate:</source>
        <translation>学習率(&amp;L):</translation>
    </message>
    <message>
        <source>&amp;Schedule:</source>
        <translation>スケジュール(&amp;S):</translation>
    </message>
    <message>
        <source>&amp;Warm-up:</source>
        <translation>ウォームアップ(&amp;W):</translation>
    </message>
    <message>
        <source>&amp;Epochs:</source>
        <translation>エポック数(&amp;E):</translation>
    </message>
    <message>
        <source>Ma&amp;x steps:</source>
        <translation>最大ステップ数(&amp;X):</translation>
    </message>
    <message>
        <source>&amp;Batch tokens:</source>
        <translation>バッチのトークン数(&amp;B):</translation>
    </message>
    <message>
        <source>Max &amp;gradient norm:</source>
        <translation>最大勾配ノルム(&amp;G):</translation>
    </message>
    <message>
        <source>E&amp;valuate every (steps):</source>
        <translation>評価の間隔（ステップ）(&amp;V):</translation>
    </message>
    <message>
        <source>&amp;Checkpoint every (steps):</source>
        <translation>チェックポイントの間隔（ステップ）(&amp;C):</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>シード(&amp;E):</translation>
    </message>
    <message>
        <source>Longest e&amp;xample (tokens):</source>
        <translation>最長のサンプル（トークン）(&amp;X):</translation>
    </message>
    <message>
        <source>&amp;Output folder:</source>
        <translation>出力フォルダー(&amp;O):</translation>
    </message>
    <message>
        <source>Sample &amp;prompts:</source>
        <translation>確認用プロンプト(&amp;P):</translation>
    </message>
    <message>
        <source>Quick: rank 8, attention only, 1 epoch</source>
        <translation>クイック: ランク 8、アテンションのみ、1 エポック</translation>
    </message>
    <message>
        <source>Balanced: rank 16, attention and FFN, 2 epochs</source>
        <translation>バランス: ランク 16、アテンションと FFN、2 エポック</translation>
    </message>
    <message>
        <source>Thorough: rank 32, attention and FFN, 3 epochs, lr 1e-4</source>
        <translation>じっくり: ランク 32、アテンションと FFN、3 エポック、学習率 1e-4</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>カスタム</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>一定</translation>
    </message>
    <message>
        <source>Linear decay</source>
        <translation>線形減衰</translation>
    </message>
    <message>
        <source>Cosine</source>
        <translation>コサイン</translation>
    </message>
    <message>
        <source>Cosine with restarts</source>
        <translation>リスタート付きコサイン</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>制限なし</translation>
    </message>
    <message>
        <source>At the end only</source>
        <translation>最後のみ</translation>
    </message>
    <message>
        <source>No clipping</source>
        <translation>クリッピングなし</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>出力フォルダー</translation>
    </message>
    <message>
        <source>Sample prompts</source>
        <translation>確認用プロンプト</translation>
    </message>
    <message>
        <source>One prompt a line, answered at each evaluation; empty: the first validation examples&apos; prompts</source>
        <translation>1 行に 1 つのプロンプト。評価のたびに回答させます。空の場合は最初の検証サンプルのプロンプトを使います</translation>
    </message>
    <message>
        <source>Trained tokens per optimizer step (gradients of several examples are accumulated)</source>
        <translation>オプティマイザーの 1 ステップで学習するトークン数（複数のサンプルの勾配を累積します）</translation>
    </message>
    <message>
        <source>Longer examples are cut to this many tokens</source>
        <translation>これより長いサンプルはこのトークン数で切り詰められます</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation need the GPU: the CPU reference the model runs on cannot run an adapter.</source>
        <translation>評価ごとの確認用の回答には GPU が必要です。モデルが動作している CPU リファレンスではアダプターを実行できません。</translation>
    </message>
    <message>
        <source>Sample answers at each evaluation (greedy, through the adapter of that step):</source>
        <translation>評価ごとの確認用の回答（貪欲法、そのステップのアダプターを使用）:</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Sample answers</source>
        <translation>確認用の回答</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>学習の進行状況</translation>
    </message>
    <message>
        <source>Chat with this adapter</source>
        <translation>このアダプターでチャット</translation>
    </message>
    <message>
        <source>Save as PEFT folder (Hugging Face)…</source>
        <translation>PEFT フォルダーとして保存（Hugging Face）…</translation>
    </message>
    <message>
        <source>Save as GGUF LoRA (llama.cpp, Ollama ADAPTER)…</source>
        <translation>GGUF LoRA として保存（llama.cpp、Ollama ADAPTER）…</translation>
    </message>
    <message>
        <source>Weights as in the model</source>
        <translation>重みはモデルと同じ型</translation>
    </message>
    <message>
        <source>Adapted weights as Q8_0</source>
        <translation>適応した重みを Q8_0 で保存</translation>
    </message>
    <message>
        <source>Adapted weights as F16</source>
        <translation>適応した重みを F16 で保存</translation>
    </message>
    <message>
        <source>Merged weights&apos; type</source>
        <translation>マージ後の重みの型</translation>
    </message>
    <message>
        <source>Export merged GGUF…</source>
        <translation>マージした GGUF をエクスポート…</translation>
    </message>
    <message>
        <source>The loaded model with the adapter folded into its weights: a plain model for Ollama and llama.cpp</source>
        <translation>読み込んだモデルの重みにアダプターを組み込んだもの。Ollama や llama.cpp で使える通常のモデルです</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>エクスポートの進行状況</translation>
    </message>
    <message>
        <source>Training an adapter for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 用のアダプターを学習します。</translation>
    </message>
    <message>
        <source>No model is loaded: load the model to fine-tune in the Models panel.</source>
        <translation>モデルが読み込まれていません。ファインチューニングするモデルを「モデル」パネルで読み込んでください。</translation>
    </message>
    <message>
        <source>Training data</source>
        <translation>学習データ</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json *.ndjson);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Validation data</source>
        <translation>検証データ</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>先にモデルを読み込んでください。データはそのモデルのトークナイザーで測ります。</translation>
    </message>
    <message>
        <source>Choose the training data first.</source>
        <translation>先に学習データを選んでください。</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 を確認しています…</translation>
    </message>
    <message>
        <source>Choose a JSONL file of examples (or drop one here): {&quot;messages&quot;: […]}, {&quot;prompt&quot;, &quot;completion&quot;} or {&quot;text&quot;}, one a line.</source>
        <translation>サンプルの JSONL ファイルを選ぶか、ここにドロップしてください: {&quot;messages&quot;: […]}、{&quot;prompt&quot;, &quot;completion&quot;}、{&quot;text&quot;} のいずれかを 1 行に 1 つ。</translation>
    </message>
    <message>
        <source>%1 read, %2 for training and %3 for validation.</source>
        <translation>%1 を読み込みました（学習用 %2、検証用 %3）。</translation>
    </message>
    <message>
        <source>%1 example</source>
        <translation>%1 件のサンプル</translation>
    </message>
    <message>
        <source>%1 examples</source>
        <translation>%1 件のサンプル</translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s) will be skipped.</source>
        <translation>
            <numerusform>不正な %n 行は飛ばします。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n bad line(s): fix them or choose to skip them.</source>
        <translation>
            <numerusform>不正な行が %n 行あります。修正するか、飛ばすように選んでください。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n example(s) longer than %1 tokens will be cut.</source>
        <translation>
            <numerusform>%1 トークンを超える %n 件のサンプルは切り詰めます。</numerusform>
        </translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Lengths: %1</source>
        <translation>長さ: %1</translation>
    </message>
    <message>
        <source>Validation: %1</source>
        <translation>検証: %1</translation>
    </message>
    <message>
        <source>Cut (longer than %1 tokens): lines %2</source>
        <translation>切り詰め（%1 トークン超）: %2 行目</translation>
    </message>
    <message>
        <source>Tokens per example:</source>
        <translation>サンプルあたりのトークン数:</translation>
    </message>
    <message>
        <source>Line %1: %2 tokens, %3 trained%4</source>
        <translation>%1 行目: %2 トークン、うち学習対象 %3%4</translation>
    </message>
    <message>
        <source> (cut)</source>
        <translation>（切り詰め）</translation>
    </message>
    <message>
        <source>Load a model to see what training it needs.</source>
        <translation>学習に必要なリソースを確認するには、モデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Estimate: about %1 of GPU memory (weights %2, adapter of %3 parameters %4, activations %5).</source>
        <translation>見積もり: GPU メモリ約 %1（重み %2、パラメーター %3 個のアダプター %4、アクティベーション %5）。</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 tokens at an assumed %3 tokens/s; the measured speed shows once training runs).</source>
        <translation>
            <numerusform>%n ステップで約 %1（%2 トークン、想定速度 %3 トークン/秒。学習が始まると実測の速度を表示します）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the data to estimate the time.</source>
        <translation>所要時間を見積もるには、データを確認してください。</translation>
    </message>
    <message>
        <source>Choose at least one projection to adapt.</source>
        <translation>適応させる射影を 1 つ以上選んでください。</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>出力フォルダーを選んでください。</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>再開しています…</translation>
    </message>
    <message>
        <source>Preparing the data and the model…</source>
        <translation>データとモデルを準備しています…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>このステップの後に一時停止します…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>このステップの後に停止します…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>ステップ %1 / %2</translation>
    </message>
    <message>
        <source>This run: rank %1, alpha %2 on %3</source>
        <translation>この実行: ランク %1、アルファ %2、対象 %3</translation>
    </message>
    <message>
        <source>learning rate %1 (%2), %3 % warm-up</source>
        <translation>学習率 %1 (%2)、ウォームアップ %3 %</translation>
    </message>
    <message>
        <source>trained tokens per step: %1</source>
        <translation>1 ステップの学習トークン数: %1</translation>
    </message>
    <message>
        <source>Training, resumed at step %1 of %2.</source>
        <translation>学習中です（ステップ %1 / %2 から再開）。</translation>
    </message>
    <message numerus="yes">
        <source>Training: %n step(s).</source>
        <translation>
            <numerusform>学習中: %n ステップ。</numerusform>
        </translation>
    </message>
    <message>
        <source>Epoch %1 of %2</source>
        <translation>エポック %1 / %2</translation>
    </message>
    <message>
        <source>%1 trained tokens/s</source>
        <translation>%1 学習トークン/秒</translation>
    </message>
    <message>
        <source>Loss %1</source>
        <translation>損失 %1</translation>
    </message>
    <message>
        <source>(validation %1)</source>
        <translation>（検証 %1）</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>残り %1</translation>
    </message>
    <message>
        <source>Paused at step %1 of %2; the checkpoint is in %3. Resume continues from it.</source>
        <translation>ステップ %1 / %2 で一時停止しました。チェックポイントは %3 にあります。「再開」でそこから続けます。</translation>
    </message>
    <message>
        <source>Stopped at step %1 of %2; the adapter of that step is saved.</source>
        <translation>ステップ %1 / %2 で停止しました。そのステップのアダプターを保存しました。</translation>
    </message>
    <message numerus="yes">
        <source>Training finished: %n step(s).</source>
        <translation>
            <numerusform>学習が完了しました: %n ステップ。</numerusform>
        </translation>
    </message>
    <message>
        <source>Adapter: %1 (GGUF LoRA) and %2 (PEFT folder).</source>
        <translation>アダプター: %1（GGUF LoRA）と %2（PEFT フォルダー）。</translation>
    </message>
    <message>
        <source>There is no finished adapter in %1.</source>
        <translation>%1 に完成したアダプターがありません。</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>%1 を作成できません。</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 に書き込めません。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>%1 を書き込んでいます…</translation>
    </message>
    <message>
        <source>Save the PEFT adapter in</source>
        <translation>PEFT アダプターの保存先</translation>
    </message>
    <message>
        <source>Saved the PEFT adapter to %1.</source>
        <translation>PEFT アダプターを %1 に保存しました。</translation>
    </message>
    <message>
        <source>Save the GGUF LoRA</source>
        <translation>GGUF LoRA を保存</translation>
    </message>
    <message>
        <source>GGUF (*.gguf)</source>
        <translation>GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Saved the GGUF LoRA to %1.</source>
        <translation>GGUF LoRA を %1 に保存しました。</translation>
    </message>
    <message>
        <source>Export the merged model</source>
        <translation>マージしたモデルをエクスポート</translation>
    </message>
    <message>
        <source>Exported the merged model to %1.</source>
        <translation>マージしたモデルを %1 にエクスポートしました。</translation>
    </message>
    <message>
        <source>The export was cancelled.</source>
        <translation>エクスポートはキャンセルされました。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Continues the run from the checkpoint in the output folder (with the same settings and data).</source>
        <translation>出力フォルダーのチェックポイントから学習を続けます（同じ設定とデータを使用）。</translation>
    </message>
    <message>
        <source>Starts training a new adapter.</source>
        <translation>新しいアダプターの学習を開始します。</translation>
    </message>
    <message>
        <source>No adapter yet: the finished run&apos;s adapter appears here.</source>
        <translation>まだアダプターはありません。学習が完了すると、ここにアダプターが表示されます。</translation>
    </message>
    <message numerus="yes">
        <source>About %1 for %n step(s) (%2 trained tokens at %3 tokens/s, the speed the last run on this model and device measured).</source>
        <translation>
            <numerusform>%n ステップで約 %1（学習対象 %2 トークン、速度 %3 トークン/秒。このモデルとデバイスでの前回の学習で実測した速度です）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::app::LiveAnnouncer</name>
    <message>
        <source>Announcements of the answer being written</source>
        <translation>書き込み中の回答についてのお知らせ</translation>
    </message>
    <message>
        <source>Code block.</source>
        <translation>コードブロック。</translation>
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
        <source>No model found yet: download one in the Models panel.</source>
        <translation>まだモデルが見つかりません。「モデル」パネルでダウンロードしてください。</translation>
    </message>
    <message>
        <source>Conversations unavailable</source>
        <translation>会話を利用できません</translation>
    </message>
    <message>
        <source>Facet cannot open its conversation database: %1
Chats will not be saved until this is fixed.</source>
        <translation>Facet は会話データベースを開けません: %1
この問題が解決するまで、チャットは保存されません。</translation>
    </message>
    <message>
        <source>Conversation database recovered</source>
        <translation>会話データベースを復旧しました</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>会話をエクスポート</translation>
    </message>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>About Facet</source>
        <translation>Facet について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Runs Google&apos;s Gemma 4 on your own GPU through Qt RHI. Nothing leaves this computer.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Facet %1&lt;/h3&gt;&lt;p&gt;Google の Gemma 4 を Qt RHI 経由であなた自身の GPU で実行します。データがこのコンピューターの外に出ることはありません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Conversations and the chat with the model</source>
        <translation>会話とモデルとのチャット</translation>
    </message>
    <message>
        <source>Attachments</source>
        <translation>添付ファイル</translation>
    </message>
    <message>
        <source>Images and audio for the next message, and the microphone recorder</source>
        <translation>次のメッセージに添える画像と音声、およびマイク録音</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>ファインチューニング</translation>
    </message>
    <message>
        <source>Training a LoRA adapter on your own data</source>
        <translation>自分のデータで LoRA アダプターを学習します</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新しいチャット(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Export conversation…</source>
        <translation>会話をエクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>設定(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>チャット(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>送信(&amp;S)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Regenerate last answer</source>
        <translation>最後の回答を再生成(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Attach files…</source>
        <translation>ファイルを添付(&amp;A)…</translation>
    </message>
    <message>
        <source>Start or stop &amp;recording</source>
        <translation>録音の開始/停止(&amp;O)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <source>Go to the message box</source>
        <translation>メッセージ入力欄へ移動</translation>
    </message>
    <message>
        <source>&amp;Attachments</source>
        <translation>添付ファイル(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Fine-tune</source>
        <translation>ファインチューニング(&amp;F)</translation>
    </message>
    <message>
        <source>Show &amp;thinking</source>
        <translation>思考を表示(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Facet</source>
        <translation>Facet について(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cancel loading</source>
        <translation>読み込みをキャンセル</translation>
    </message>
    <message>
        <source>Stops loading the model</source>
        <translation>モデルの読み込みを中止します</translation>
    </message>
    <message>
        <source>Model loading progress</source>
        <translation>モデルの読み込みの進行状況</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 を読み込んでいます…</translation>
    </message>
    <message>
        <source>Loading %p%</source>
        <translation>読み込み中 %p%</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context %4 tokens)</source>
        <translation>%1 を %2 に %3 秒で読み込みました（コンテキスト %4 トークン）</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>%1 の読み込みをキャンセルしました。</translation>
    </message>
    <message>
        <source>Could not load %1</source>
        <translation>%1 を読み込めませんでした</translation>
    </message>
    <message>
        <source>Could not load the model</source>
        <translation>モデルを読み込めませんでした</translation>
    </message>
    <message>
        <source>Facet could not load %1.</source>
        <translation>Facet は %1 を読み込めませんでした。</translation>
    </message>
    <message>
        <source>Settings saved. GPU and context changes apply when a model is loaded next.</source>
        <translation>設定を保存しました。GPU とコンテキストの変更は、次にモデルを読み込んだときに反映されます。</translation>
    </message>
    <message>
        <source>%1 loaded on %2 in %3 s (context capped at %4 tokens, this model&apos;s maximum)</source>
        <translation>%1 を %2 に %3 秒で読み込みました（コンテキストはこのモデルの上限の %4 トークンに制限）</translation>
    </message>
    <message>
        <source>The API server could not start: %1</source>
        <translation>API サーバーを起動できませんでした: %1</translation>
    </message>
    <message numerus="yes">
        <source>API: %n request(s)</source>
        <translation>
            <numerusform>API: %n 件のリクエスト</numerusform>
        </translation>
    </message>
    <message>
        <source>API on</source>
        <translation>API オン</translation>
    </message>
    <message>
        <source>The API server listens at %1; it answers once a model is loaded.</source>
        <translation>API サーバーは %1 で待ち受けています。モデルが読み込まれると応答します。</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2.</source>
        <translation>API サーバーは %1 を %2 で提供しています。</translation>
    </message>
    <message>
        <source>The API server serves %1 at %2, and the chat&apos;s adapters as %3.</source>
        <translation>API サーバーは %1 を %2 で提供し、チャットのアダプターを %3 として提供しています。</translation>
    </message>
</context>
<context>
    <name>facet::app::MessageWidget</name>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>You</source>
        <comment>the author of a user message</comment>
        <translation>あなた</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>ツールの結果</translation>
    </message>
    <message>
        <source>Your message</source>
        <translation>あなたのメッセージ</translation>
    </message>
    <message>
        <source>%1 text</source>
        <translation>%1 のテキスト</translation>
    </message>
    <message>
        <source>Select text with the keyboard or the mouse; links open in your browser</source>
        <translation>キーボードまたはマウスでテキストを選択できます。リンクはブラウザーで開きます</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <comment>a tool&apos;s result</comment>
        <translation>%1 の結果</translation>
    </message>
    <message>
        <source>Tool call: %1</source>
        <translation>ツール呼び出し: %1</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>統計</translation>
    </message>
    <message>
        <source>Being written</source>
        <translation>書き込み中</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <source>Version %1 of %2</source>
        <translation>バージョン %1 / %2</translation>
    </message>
    <message>
        <source>System message</source>
        <translation>システムメッセージ</translation>
    </message>
    <message>
        <source>User message</source>
        <translation>ユーザーのメッセージ</translation>
    </message>
    <message>
        <source>Assistant message</source>
        <translation>アシスタントのメッセージ</translation>
    </message>
    <message>
        <source>Tool message</source>
        <translation>ツールのメッセージ</translation>
    </message>
    <message>
        <source>Tool result: %1</source>
        <translation>ツールの結果: %1</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the whole message (Markdown)</source>
        <translation>メッセージ全体をコピー (Markdown)</translation>
    </message>
    <message>
        <source>Copies this message&apos;s text with its Markdown to the clipboard</source>
        <translation>このメッセージのテキストを Markdown ごとクリップボードにコピーします</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Edit this message and send it again</source>
        <translation>このメッセージを編集して再送信</translation>
    </message>
    <message>
        <source>Opens an editor for this message; saving sends it again as a new version</source>
        <translation>このメッセージのエディターを開きます。保存すると新しいバージョンとして再送信されます</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>Write this answer again</source>
        <translation>この回答を書き直す</translation>
    </message>
    <message>
        <source>Asks the model for a new answer in place of this one</source>
        <translation>この回答の代わりに新しい回答をモデルに求めます</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop reading aloud</source>
        <translation>読み上げを停止</translation>
    </message>
    <message>
        <source>Stops reading this answer aloud</source>
        <translation>この回答の読み上げを停止します</translation>
    </message>
    <message>
        <source>Read aloud</source>
        <translation>読み上げ</translation>
    </message>
    <message>
        <source>No speech engine is installed, so answers cannot be read aloud. Install one (on Debian: speech-dispatcher and Qt&apos;s speech plug-in) and restart Facet.</source>
        <translation>音声合成エンジンがインストールされていないため、回答を読み上げられません。インストールして（Debian の場合: speech-dispatcher と Qt の音声プラグイン）、Facet を再起動してください。</translation>
    </message>
    <message>
        <source>Unavailable: no speech engine is installed</source>
        <translation>利用不可: 音声合成エンジンがインストールされていません</translation>
    </message>
    <message>
        <source>Read this answer aloud</source>
        <translation>この回答を読み上げる</translation>
    </message>
    <message>
        <source>Reads the answer aloud without Markdown symbols or code blocks</source>
        <translation>Markdown の記号やコードブロックを除いて回答を読み上げます</translation>
    </message>
    <message>
        <source>Save as example</source>
        <translation>サンプルとして保存</translation>
    </message>
    <message>
        <source>Save this exchange as a training example</source>
        <translation>このやり取りを学習用サンプルとして保存</translation>
    </message>
    <message>
        <source>Adds the question and this answer to a fine-tuning data set</source>
        <translation>質問とこの回答をファインチューニング用のデータセットに追加します</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Delete this message</source>
        <translation>このメッセージを削除</translation>
    </message>
    <message>
        <source>Removes this message from the conversation</source>
        <translation>このメッセージを会話から削除します</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>前のバージョン</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>次のバージョン</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>考えています…</translation>
    </message>
    <message numerus="yes">
        <source>Thought for %n s</source>
        <comment>seconds of reasoning</comment>
        <translation>
            <numerusform>%n 秒間思考</numerusform>
        </translation>
    </message>
    <message>
        <source>Thoughts</source>
        <comment>the model&apos;s reasoning, collapsed</comment>
        <translation>思考</translation>
    </message>
    <message>
        <source>Hide the model&apos;s reasoning</source>
        <translation>モデルの推論を隠す</translation>
    </message>
    <message>
        <source>Show the model&apos;s reasoning</source>
        <translation>モデルの推論を表示</translation>
    </message>
    <message>
        <source>Reasoning: %1</source>
        <translation>推論: %1</translation>
    </message>
    <message>
        <source>Expanded; press Space to hide the model&apos;s reasoning</source>
        <translation>展開されています。Space キーでモデルの推論を隠します</translation>
    </message>
    <message>
        <source>Collapsed; press Space to show the model&apos;s reasoning</source>
        <translation>折りたたまれています。Space キーでモデルの推論を表示します</translation>
    </message>
    <message>
        <source>The model&apos;s reasoning</source>
        <translation>モデルの推論</translation>
    </message>
    <message>
        <source>Text the model wrote before its answer</source>
        <translation>モデルが回答の前に書いたテキスト</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>問題が発生しました</translation>
    </message>
    <message>
        <source>What to do: %1</source>
        <translation>対処方法: %1</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>What to do</source>
        <translation>対処方法</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>書き込み中…</translation>
    </message>
    <message>
        <source>Image: %1</source>
        <translation>画像: %1</translation>
    </message>
    <message>
        <source>Audio: %1, %2</source>
        <translation>音声: %1、%2</translation>
    </message>
    <message>
        <source>Edit message</source>
        <translation>メッセージを編集</translation>
    </message>
    <message>
        <source>Ctrl+Enter saves and sends again, Escape cancels</source>
        <translation>Ctrl+Enter で保存して再送信、Esc でキャンセル</translation>
    </message>
    <message>
        <source>Save &amp;&amp; resend</source>
        <translation>保存 &amp;&amp; 再送信</translation>
    </message>
    <message>
        <source>Save and resend</source>
        <translation>保存して再送信</translation>
    </message>
    <message>
        <source>Replaces the message with the edited text and asks for a new answer</source>
        <translation>メッセージを編集後のテキストに置き換え、新しい回答を求めます</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cancel editing</source>
        <translation>編集をキャンセル</translation>
    </message>
    <message>
        <source>Keeps the message as it was</source>
        <translation>メッセージを元のままにします</translation>
    </message>
    <message numerus="yes">
        <source>%n tokens</source>
        <translation>
            <numerusform>%n トークン</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tokens of context</source>
        <translation>
            <numerusform>コンテキスト %n トークン</numerusform>
        </translation>
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
    <message>
        <source>vision %1</source>
        <translation>画像 %1</translation>
    </message>
    <message>
        <source>audio %1</source>
        <translation>音声 %1</translation>
    </message>
    <message>
        <source>Loaded when an image or recording is sent: %1.</source>
        <translation>画像や録音を送信したときに読み込まれます: %1。</translation>
    </message>
</context>
<context>
    <name>facet::app::PendingAttachments</name>
    <message>
        <source>“%1” was not added: %2</source>
        <translation>「%1」を追加しませんでした: %2</translation>
    </message>
    <message>
        <source>a message can carry at most %1 attachments. Remove one, or send this message first.</source>
        <translation>1 件のメッセージに添付できるのは最大 %1 個です。どれかを外すか、先にこのメッセージを送信してください。</translation>
    </message>
    <message>
        <source>“%1” and %2 more were not added: %3</source>
        <translation>「%1」ほか %2 件を追加しませんでした: %3</translation>
    </message>
    <message>
        <source>Nothing was added: %1</source>
        <translation>何も追加しませんでした: %1</translation>
    </message>
    <message>
        <source>Pasted image</source>
        <translation>貼り付けた画像</translation>
    </message>
</context>
<context>
    <name>facet::app::RecorderPanel</name>
    <message>
        <source>No microphone found</source>
        <translation>マイクが見つかりません</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Record again</source>
        <translation>録音し直す</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>録音</translation>
    </message>
    <message>
        <source>Stop recording</source>
        <translation>録音を停止</translation>
    </message>
    <message>
        <source>Stops recording and keeps the take</source>
        <translation>録音を停止し、録音内容を残します</translation>
    </message>
    <message>
        <source>Records from the chosen microphone; a new take replaces the current one</source>
        <translation>選択したマイクから録音します。新しく録音すると現在の録音は置き換えられます</translation>
    </message>
    <message>
        <source>Stop playing</source>
        <translation>再生を停止</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Play recording</source>
        <translation>録音を再生</translation>
    </message>
    <message>
        <source>Plays the recording through the speakers or headphones</source>
        <translation>スピーカーまたはヘッドホンで録音を再生します</translation>
    </message>
    <message>
        <source>No microphone was found. Connect one and it appears here.</source>
        <translation>マイクが見つかりません。接続するとここに表示されます。</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Recording length</source>
        <translation>録音の長さ</translation>
    </message>
    <message>
        <source>Recording %1</source>
        <extracomment>name of an attached microphone recording; %1 is the time of day</extracomment>
        <translation>録音 %1</translation>
    </message>
    <message>
        <source>The recording was attached to the message.</source>
        <translation>録音をメッセージに添付しました。</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>マイク</translation>
    </message>
    <message>
        <source>Record a voice prompt to attach to the message</source>
        <translation>メッセージに添付する音声プロンプトを録音します</translation>
    </message>
    <message>
        <source>&amp;Input:</source>
        <translation>入力(&amp;I):</translation>
    </message>
    <message>
        <source>The input to record from</source>
        <translation>録音に使う入力</translation>
    </message>
    <message>
        <source>Input level</source>
        <translation>入力レベル</translation>
    </message>
    <message>
        <source>How loud the microphone is while recording</source>
        <translation>録音中のマイクの音量</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Discard recording</source>
        <translation>録音を破棄</translation>
    </message>
    <message>
        <source>Throws the recording away</source>
        <translation>録音を捨てます</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>添付</translation>
    </message>
    <message>
        <source>Attach recording</source>
        <translation>録音を添付</translation>
    </message>
    <message>
        <source>Adds the recording to the message being written</source>
        <translation>作成中のメッセージに録音を追加します</translation>
    </message>
    <message>
        <source>Recorder status</source>
        <translation>録音の状態</translation>
    </message>
    <message>
        <source>Messages about the recording</source>
        <translation>録音についてのメッセージ</translation>
    </message>
</context>
<context>
    <name>facet::app::SamplingEditor</name>
    <message>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <source>How the model picks each next token of an answer</source>
        <translation>モデルが回答の次のトークンをどのように選ぶか</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T):</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Randomness of the answer: 0 always takes the most likely token, 1 follows the model&apos;s own probabilities, higher values are more surprising</source>
        <translation>回答のランダムさ: 0 は常に最も確率の高いトークンを選び、1 はモデル自身の確率に従い、それより高い値ほど意外性が増します</translation>
    </message>
    <message>
        <source>How random the answer is. 0 always takes the most likely token (greedy); 1 samples the model&apos;s own probabilities; higher values give more varied, less focused text.</source>
        <translation>回答のランダムさです。0 は常に最も確率の高いトークンを選びます（貪欲法）。1 はモデル自身の確率に従ってサンプリングします。値を高くすると、より多様で焦点の定まらないテキストになります。</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0（貪欲法）</translation>
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
        <translation>最も確率の高い k 個のトークンだけが選ばれます。0 でこの制限をオフにします</translation>
    </message>
    <message>
        <source>Only the k most likely next tokens are considered. Smaller values keep the answer focused. 0 turns the limit off.</source>
        <translation>次のトークンの候補を、最も確率の高い k 個に絞ります。値が小さいほど回答の焦点が定まります。0 で制限をオフにします。</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>オフ</translation>
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
        <translation>確率の合計がこの値に達するまでの上位トークンだけが選ばれます。1 でこの制限をオフにします。0 より大きくする必要があります</translation>
    </message>
    <message>
        <source>Nucleus sampling: only the most likely tokens whose probabilities add up to p are considered. 1 turns it off; it must be greater than 0.</source>
        <translation>Nucleus サンプリング: 確率の合計が p になるまでの上位トークンだけを候補にします。1 でオフになります。0 より大きくする必要があります。</translation>
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
        <translation>最も確率の高いトークンに対してこの割合より確率が低いトークンを除外します。0 でオフにします</translation>
    </message>
    <message>
        <source>Drops tokens whose probability is below this fraction of the most likely token&apos;s. 0 turns it off.</source>
        <translation>確率が、最も確率の高いトークンの確率にこの割合を掛けた値を下回るトークンを除外します。0 でオフになります。</translation>
    </message>
    <message>
        <source>&amp;Repetition penalty:</source>
        <translation>繰り返しペナルティ(&amp;R):</translation>
    </message>
    <message>
        <source>Repetition penalty</source>
        <translation>繰り返しペナルティ</translation>
    </message>
    <message>
        <source>Above 1 makes tokens that already appeared less likely, below 1 more likely; 1 turns it off; must be greater than 0</source>
        <translation>1 より大きいとすでに出現したトークンが出にくくなり、1 より小さいと出やすくなります。1 でオフ。0 より大きくする必要があります</translation>
    </message>
    <message>
        <source>Divides the score of tokens that appeared recently. Above 1 discourages repeats, below 1 encourages them, 1 turns it off. It must be greater than 0.</source>
        <translation>最近出現したトークンのスコアをこの値で割ります。1 より大きいと繰り返しを抑え、1 より小さいと促し、1 でオフになります。0 より大きくする必要があります。</translation>
    </message>
    <message>
        <source>Pr&amp;esence penalty:</source>
        <translation>存在ペナルティ(&amp;E):</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <translation>存在ペナルティ</translation>
    </message>
    <message>
        <source>Lowers the score of every token that already appeared by this amount; 0 turns it off</source>
        <translation>すでに出現したトークンのスコアをこの値だけ下げます。0 でオフにします</translation>
    </message>
    <message>
        <source>Subtracted once from the score of every token that appeared recently, however often. Positive values push the model towards new words and topics. 0 turns it off.</source>
        <translation>最近出現したトークンのスコアから、出現回数にかかわらず 1 回だけ差し引きます。正の値にすると、モデルは新しい語や話題に向かいます。0 でオフになります。</translation>
    </message>
    <message>
        <source>&amp;Frequency penalty:</source>
        <translation>頻度ペナルティ(&amp;F):</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <translation>頻度ペナルティ</translation>
    </message>
    <message>
        <source>Lowers the score of a token by this amount for every time it already appeared; 0 turns it off</source>
        <translation>トークンがすでに出現した回数ごとに、そのスコアをこの値だけ下げます。0 でオフにします</translation>
    </message>
    <message>
        <source>Subtracted from a token&apos;s score once for every time it appeared recently, so often repeated words become rarer. 0 turns it off.</source>
        <translation>トークンが最近出現した回数ごとに 1 回ずつスコアから差し引くため、よく繰り返される語が出にくくなります。0 でオフになります。</translation>
    </message>
    <message>
        <source>Ma&amp;x tokens:</source>
        <translation>最大トークン数(&amp;X):</translation>
    </message>
    <message>
        <source>Maximum tokens per answer</source>
        <translation>回答あたりの最大トークン数</translation>
    </message>
    <message>
        <source>The answer stops after this many tokens; 0 means unlimited, until the model stops or the context is full</source>
        <translation>回答はこのトークン数で止まります。0 は無制限で、モデルが止まるかコンテキストがいっぱいになるまで続きます</translation>
    </message>
    <message>
        <source>The most tokens one answer may have. Unlimited: until the model ends its answer or the context is full.</source>
        <translation>1 つの回答に使える最大のトークン数です。無制限: モデルが回答を終えるか、コンテキストがいっぱいになるまで。</translation>
    </message>
    <message>
        <source>Unlimited</source>
        <translation>無制限</translation>
    </message>
    <message>
        <source>Fixed &amp;seed:</source>
        <translation>固定シード(&amp;S):</translation>
    </message>
    <message>
        <source>Use a fixed seed</source>
        <translation>固定シードを使う</translation>
    </message>
    <message>
        <source>When checked, the same question with the same settings gives the same answer; otherwise every answer uses a new random seed</source>
        <translation>オンにすると、同じ設定での同じ質問には同じ回答が返ります。オフのときは回答ごとに新しいランダムなシードを使います</translation>
    </message>
    <message>
        <source>With a fixed seed the random choices repeat exactly, so an answer can be reproduced. Without it every answer draws a new seed.</source>
        <translation>シードを固定すると、ランダムな選択がまったく同じに繰り返されるため、回答を再現できます。固定しない場合は、回答ごとに新しいシードを使います。</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615 that starts the random choices</source>
        <translation>ランダムな選択の起点となる 0 から 18446744073709551615 までの整数</translation>
    </message>
    <message>
        <source>for example 42</source>
        <translation>例: 42</translation>
    </message>
    <message>
        <source>A whole number from 0 to 18446744073709551615.</source>
        <translation>0 から 18446744073709551615 までの整数です。</translation>
    </message>
    <message>
        <source>T&amp;hink before answering</source>
        <translation>回答前に考える(&amp;H)</translation>
    </message>
    <message>
        <source>Think before answering</source>
        <translation>回答前に考える</translation>
    </message>
    <message>
        <source>The model reasons step by step before it answers; slower, often better for hard questions</source>
        <translation>モデルが回答する前に段階的に推論します。遅くなりますが、難しい質問ではよい結果になることが多いです</translation>
    </message>
    <message>
        <source>Gemma 4 can reason before it answers. The answer takes longer; the thinking can be shown in the chat.</source>
        <translation>Gemma 4 は回答の前に推論できます。回答に時間がかかります。思考はチャットに表示できます。</translation>
    </message>
    <message>
        <source>Reset to &amp;Gemma 4 defaults</source>
        <translation>Gemma 4 の既定値に戻す(&amp;G)</translation>
    </message>
    <message>
        <source>Reset to Gemma 4 defaults</source>
        <translation>Gemma 4 の既定値に戻す</translation>
    </message>
    <message>
        <source>Sets temperature 1.0, top-k 64, top-p 0.95 and turns every other option off</source>
        <translation>温度 1.0、top-k 64、top-p 0.95 に設定し、ほかのオプションはすべてオフにします</translation>
    </message>
    <message>
        <source>Temperature 1.0, top-k 64, top-p 0.95, no penalties, no limit.</source>
        <translation>温度 1.0、top-k 64、top-p 0.95、ペナルティなし、上限なし。</translation>
    </message>
    <message>
        <source>Problems with the sampling settings</source>
        <translation>サンプリング設定の問題</translation>
    </message>
    <message>
        <source>Notes about the sampling settings</source>
        <translation>サンプリング設定についての注意</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>最大トークン数</translation>
    </message>
    <message>
        <source>Top-p must be greater than 0 (1 turns it off); with 0 no token could be chosen.</source>
        <translation>Top-p は 0 より大きくする必要があります（1 でオフ）。0 ではどのトークンも選べません。</translation>
    </message>
    <message>
        <source>Repetition penalty must be greater than 0 (1 turns it off).</source>
        <translation>繰り返しペナルティは 0 より大きくする必要があります（1 でオフ）。</translation>
    </message>
    <message>
        <source>Enter a seed, or uncheck &quot;Fixed seed&quot; to use a new random seed for every answer.</source>
        <translation>シードを入力するか、「固定シード」をオフにして回答ごとに新しいランダムなシードを使ってください。</translation>
    </message>
    <message>
        <source>The seed must be a whole number from 0 to 18446744073709551615.</source>
        <translation>シードは 0 から 18446744073709551615 までの整数でなければなりません。</translation>
    </message>
    <message>
        <source>The engine refuses these settings: %1</source>
        <translation>エンジンがこの設定を受け付けません: %1</translation>
    </message>
    <message>
        <source>%1 was not a number; it was set to %2.</source>
        <translation>%1 は数値ではなかったため、%2 に設定しました。</translation>
    </message>
    <message>
        <source>%1 %2 cannot be used; it was changed to %3.</source>
        <translation>%1 %2 は使用できないため、%3 に変更しました。</translation>
    </message>
    <message>
        <source>Temperature 0 always takes the most likely token: top-k, top-p, min-p and the seed have no effect.</source>
        <translation>温度 0 では常に最も確率の高いトークンが選ばれるため、top-k、top-p、min-p、シードは効果がありません。</translation>
    </message>
    <message>
        <source>A repetition penalty below 1 makes repeats more likely.</source>
        <translation>繰り返しペナルティが 1 より小さいと、繰り返しが起こりやすくなります。</translation>
    </message>
</context>
<context>
    <name>facet::app::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Facet&apos;s preferences, one page per topic</source>
        <translation>Facet の設定（項目ごとに 1 ページ）</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>設定ページ</translation>
    </message>
    <message>
        <source>General, GPU, Model, Sampling, Downloads and Fine-tune settings; Ctrl+Tab moves to the next page</source>
        <translation>全般、GPU、モデル、サンプリング、ダウンロード、ファインチューニングの設定。Ctrl+Tab で次のページに移動します</translation>
    </message>
    <message>
        <source>General</source>
        <translation>全般</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>settings page</comment>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>Fine-tune</source>
        <translation>ファインチューニング</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>言語(&amp;L):</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>The language of Facet&apos;s menus and messages; it changes as soon as you apply it</source>
        <translation>Facet のメニューとメッセージの言語。適用するとすぐに切り替わります</translation>
    </message>
    <message>
        <source>Each language is listed by its own name.</source>
        <translation>各言語はその言語自身の名前で表示されます。</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>システムの既定 (%1)</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>テーマ(&amp;T):</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>Facet&apos;s colours: those of the system, or Facet&apos;s own light or dark colours</source>
        <translation>Facet の配色: システムの配色、または Facet 独自のライト/ダーク配色</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>&quot;Follow the system&quot; keeps the colours your desktop gives Facet. This version of Qt cannot detect a dark desktop by itself; choose Dark if Facet stays light on a dark desktop.</source>
        <translation>「システムに合わせる」では、デスクトップが Facet に与える配色をそのまま使います。このバージョンの Qt はダークなデスクトップを自動で検出できません。ダークなデスクトップで Facet が明るいままの場合は「ダーク」を選んでください。</translation>
    </message>
    <message>
        <source>Show the model&apos;s thin&amp;king in the chat</source>
        <translation>モデルの思考をチャットに表示(&amp;K)</translation>
    </message>
    <message>
        <source>Show thinking</source>
        <translation>思考を表示</translation>
    </message>
    <message>
        <source>When the model thinks before answering, show its thinking, collapsed, above the answer</source>
        <translation>モデルが回答の前に考えるとき、その思考を折りたたんだ状態で回答の上に表示します</translation>
    </message>
    <message>
        <source>&amp;Graphics API:</source>
        <translation>グラフィックス API(&amp;G):</translation>
    </message>
    <message>
        <source>Graphics API</source>
        <translation>グラフィックス API</translation>
    </message>
    <message>
        <source>The GPU interface Facet computes through; Automatic picks the best one that works</source>
        <translation>Facet が計算に使う GPU インターフェイス。「自動」は動作するもののうち最適なものを選びます</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>De&amp;vice:</source>
        <translation>デバイス(&amp;V):</translation>
    </message>
    <message>
        <source>GPU device</source>
        <translation>GPU デバイス</translation>
    </message>
    <message>
        <source>Which GPU runs the model when the computer has more than one</source>
        <translation>コンピューターに複数の GPU があるとき、どの GPU でモデルを実行するか</translation>
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
        <source>How many tokens a conversation can hold; longer contexts need more GPU memory</source>
        <translation>1 つの会話に入るトークン数。コンテキストが長いほど多くの GPU メモリが必要です</translation>
    </message>
    <message>
        <source>Longer contexts need more GPU memory for the KV cache.</source>
        <translation>コンテキストが長いほど KV キャッシュに多くの GPU メモリが必要です。</translation>
    </message>
    <message>
        <source>A conversation longer than this forgets its beginning. The new length applies the next time a model is loaded.</source>
        <translation>これより長い会話では、最初の部分が忘れられます。新しい長さは、次にモデルを読み込んだときに反映されます。</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <translation>必要なメモリ</translation>
    </message>
    <message>
        <source>New conversations start with these values; each conversation can change its own.</source>
        <translation>新しい会話はこれらの値で始まります。会話ごとに個別に変更できます。</translation>
    </message>
    <message>
        <source>&amp;Registry address:</source>
        <translation>レジストリのアドレス(&amp;R):</translation>
    </message>
    <message>
        <source>Registry address</source>
        <translation>レジストリのアドレス</translation>
    </message>
    <message>
        <source>The Ollama registry models are downloaded from; leave empty for %1</source>
        <translation>モデルをダウンロードする Ollama レジストリ。空欄にすると %1 を使います</translation>
    </message>
    <message>
        <source>Leave empty for the official registry, %1.</source>
        <translation>空欄にすると公式レジストリ %1 を使います。</translation>
    </message>
    <message>
        <source>Problem with the registry address</source>
        <translation>レジストリのアドレスの問題</translation>
    </message>
    <message>
        <source>&amp;Training data:</source>
        <translation>学習データ(&amp;T):</translation>
    </message>
    <message>
        <source>Training data file</source>
        <translation>学習データのファイル</translation>
    </message>
    <message>
        <source>The JSONL file the Fine-tune dock starts with, one example per line</source>
        <translation>「ファインチューニング」パネルが最初に使う JSONL ファイル（1 行に 1 サンプル）</translation>
    </message>
    <message>
        <source>No file chosen</source>
        <translation>ファイルが選択されていません</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>参照(&amp;B)…</translation>
    </message>
    <message>
        <source>Browse for training data</source>
        <translation>学習データを参照</translation>
    </message>
    <message>
        <source>Opens a file dialog to choose a JSONL file</source>
        <translation>JSONL ファイルを選ぶファイルダイアログを開きます</translation>
    </message>
    <message>
        <source>Note about the training data file</source>
        <translation>学習データのファイルについての注意</translation>
    </message>
    <message>
        <source>Dialog buttons</source>
        <translation>ダイアログのボタン</translation>
    </message>
    <message>
        <source>Saves the settings and closes the dialog</source>
        <translation>設定を保存してダイアログを閉じます</translation>
    </message>
    <message>
        <source>Saves the settings and keeps the dialog open</source>
        <translation>設定を保存し、ダイアログは開いたままにします</translation>
    </message>
    <message>
        <source>Closes the dialog without saving the changes</source>
        <translation>変更を保存せずにダイアログを閉じます</translation>
    </message>
    <message>
        <source>Puts the default values into every page; OK or Apply saves them</source>
        <translation>すべてのページに既定値を入れます。OK または適用で保存されます</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1: %2</translation>
    </message>
    <message>
        <source>GPU %1 (not found)</source>
        <translation>GPU %1（見つかりません）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a web address. Enter one that starts with https:// or http:// and names a server, for example %2, or leave the field empty for that one.</source>
        <translation>「%1」は Web アドレスではありません。https:// または http:// で始まりサーバーを示すアドレス（例: %2）を入力するか、そのアドレスを使う場合は空欄にしてください。</translation>
    </message>
    <message>
        <source>This file does not exist (yet). The Fine-tune dock will report it again when you start training.</source>
        <translation>このファイルは（まだ）存在しません。学習を開始すると「ファインチューニング」パネルが改めて知らせます。</translation>
    </message>
    <message>
        <source>This is a folder; choose a JSONL file inside it.</source>
        <translation>これはフォルダーです。中にある JSONL ファイルを選んでください。</translation>
    </message>
    <message>
        <source>Choose training data</source>
        <translation>学習データを選択</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.jsonl.txt);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.jsonl.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>8-bit a&amp;ctivations:</source>
        <translation>8 ビットアクティベーション(&amp;C):</translation>
    </message>
    <message>
        <source>8-bit activations</source>
        <translation>8 ビットアクティベーション</translation>
    </message>
    <message>
        <source>Whether the large matrix products round their inputs to 8 bits on GPUs that do that fast; faster answers, slightly different results</source>
        <translation>高速に処理できる GPU で、大きな行列積の入力を 8 ビットに丸めるかどうか。回答は速くなり、結果がわずかに変わります</translation>
    </message>
    <message>
        <source>Automatic (where the GPU has a fast int8 dot product)</source>
        <translation>自動（GPU に高速な int8 内積がある場合）</translation>
    </message>
    <message>
        <source>Off (every product in float)</source>
        <translation>オフ（すべての積を浮動小数点で計算）</translation>
    </message>
    <message>
        <source>Automatic: on GPUs with a fast 8-bit integer dot product, the largest matrix products of each generated token round their inputs to 8 bits, which makes answers faster. This changes the results slightly: the model may choose other words than with Off. Off: every product in 32-bit float, as the reference computes it.</source>
        <translation>自動: 8 ビット整数の内積を高速に計算できる GPU では、生成する各トークンの最も大きな行列積で入力を 8 ビットに丸め、回答を速くします。結果はわずかに変わり、オフのときとは違う単語をモデルが選ぶことがあります。オフ: リファレンスと同じく、すべての積を 32 ビット浮動小数点で計算します。</translation>
    </message>
    <message>
        <source>GPU &amp;wait:</source>
        <translation>GPU の待機方法(&amp;W):</translation>
    </message>
    <message>
        <source>GPU wait</source>
        <translation>GPU の待機方法</translation>
    </message>
    <message>
        <source>How Facet waits for the GPU: adaptive for the lowest latency, or sleep for the least CPU use</source>
        <translation>Facet が GPU を待つ方法。遅延を最小にするなら適応、CPU 使用率を最小にするならスリープ</translation>
    </message>
    <message>
        <source>Adaptive (low latency)</source>
        <translation>適応（低遅延）</translation>
    </message>
    <message>
        <source>Sleep (least CPU)</source>
        <translation>スリープ（CPU 使用率最小）</translation>
    </message>
    <message>
        <source>Adaptive: while the GPU computes a step, Facet checks for its end for about as long as the recent steps took, then sleeps; answers come a little faster, and one CPU core is busy while the model generates. Sleep: Facet sleeps until the GPU is done; the least CPU use, answers slightly slower. Applies to Vulkan.</source>
        <translation>適応: GPU がステップを計算している間、Facet は直近のステップにかかった時間とほぼ同じだけ完了を確認し続け、その後スリープします。回答は少し速くなりますが、モデルの生成中は CPU コアが 1 つ使用中になります。スリープ: GPU の処理が終わるまで Facet はスリープします。CPU 使用率は最小ですが、回答はやや遅くなります。Vulkan に適用されます。</translation>
    </message>
    <message>
        <source>Changes on this page apply the next time a model is loaded.</source>
        <translation>このページの変更は、次にモデルを読み込んだときに反映されます。</translation>
    </message>
    <message>
        <source>&amp;Tokens per image:</source>
        <translation>画像あたりのトークン数(&amp;T):</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>画像あたりのトークン数</translation>
    </message>
    <message>
        <source>How many tokens of context an image takes: more see finer detail</source>
        <translation>1 枚の画像が使うコンテキストのトークン数。多いほど細部まで見えます</translation>
    </message>
    <message>
        <source>More tokens let the model see finer detail (documents, small text) and take more of the context.</source>
        <translation>トークンを増やすと、モデルは細部（文書や小さな文字）まで見えるようになりますが、コンテキストを多く使います。</translation>
    </message>
    <message>
        <source>&amp;Keep the image and audio encoders loaded</source>
        <translation>画像・音声エンコーダーを読み込んだままにする(&amp;K)</translation>
    </message>
    <message>
        <source>Keep the image and audio encoders loaded</source>
        <translation>画像・音声エンコーダーを読み込んだままにする</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory</source>
        <translation>オフ: メッセージごとに解放され、メモリを節約します</translation>
    </message>
    <message>
        <source>Off: they are released after each message, which saves memory and makes attachments slower.</source>
        <translation>オフ: メッセージごとに解放されます。メモリを節約できますが、添付ファイルの処理が遅くなります。</translation>
    </message>
    <message>
        <source>An image costs at most this many tokens of context; audio costs 25 tokens a second.</source>
        <translation>画像 1 枚が使うコンテキストはこのトークン数までです。音声は 1 秒あたり 25 トークンを使います。</translation>
    </message>
    <message>
        <source>&amp;Serve the loaded model to other programs (OpenAI API)</source>
        <translation>読み込んだモデルを他のプログラムに提供する (OpenAI API)(&amp;S)</translation>
    </message>
    <message>
        <source>Serve the loaded model to other programs</source>
        <translation>読み込んだモデルを他のプログラムに提供する</translation>
    </message>
    <message>
        <source>An OpenAI-compatible API on this computer only; off by default</source>
        <translation>このコンピューター上だけの OpenAI 互換 API。既定ではオフです</translation>
    </message>
    <message>
        <source>API &amp;port:</source>
        <translation>API ポート(&amp;P):</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>API ポート</translation>
    </message>
    <message>
        <source>The TCP port on this computer where programs reach the model</source>
        <translation>プログラムがモデルにアクセスする、このコンピューターの TCP ポート</translation>
    </message>
    <message>
        <source>Programs on this computer reach the model at %1 (chat and text completions, model list); other computers cannot. Their requests wait behind your own chat and show in the status bar.</source>
        <translation>このコンピューター上のプログラムは %1 (チャットとテキストの補完、モデル一覧) でモデルにアクセスできます。他のコンピューターからはアクセスできません。リクエストはあなた自身のチャットの後に処理され、ステータスバーに表示されます。</translation>
    </message>
</context>
<context>
    <name>facet::app::TrainingCharts</name>
    <message>
        <source>Training loss</source>
        <translation>学習損失</translation>
    </message>
    <message>
        <source>Validation loss</source>
        <translation>検証損失</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学習率</translation>
    </message>
    <message>
        <source>Gradient norm</source>
        <translation>勾配ノルム</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <source>Loss chart</source>
        <translation>損失のグラフ</translation>
    </message>
    <message>
        <source>Training and validation loss over the optimizer steps</source>
        <translation>オプティマイザーのステップごとの学習損失と検証損失</translation>
    </message>
    <message>
        <source>Learning rate and gradient norm chart</source>
        <translation>学習率と勾配ノルムのグラフ</translation>
    </message>
</context>
<context>
    <name>facet::app::Wav</name>
    <message>
        <source>it does not start with a WAV header</source>
        <translation>WAV ヘッダーで始まっていません</translation>
    </message>
    <message>
        <source>its format header is damaged (shorter than the 16 bytes it needs)</source>
        <translation>フォーマットヘッダーが破損しています（必要な 16 バイトより短い）</translation>
    </message>
    <message>
        <source>it has no format header</source>
        <translation>フォーマットヘッダーがありません</translation>
    </message>
    <message>
        <source>it contains no audio data</source>
        <translation>音声データが含まれていません</translation>
    </message>
    <message>
        <source>its header gives an impossible channel count (%1)</source>
        <translation>ヘッダーのチャンネル数がありえない値です（%1）</translation>
    </message>
    <message>
        <source>its header gives an impossible sample rate (%1 Hz)</source>
        <translation>ヘッダーのサンプルレートがありえない値です（%1 Hz）</translation>
    </message>
    <message>
        <source>it holds %1 audio, which Facet&apos;s WAV reader does not decode</source>
        <translation>%1 の音声が含まれていますが、Facet の WAV リーダーはデコードできません</translation>
    </message>
    <message>
        <source>it holds audio in encoding 0x%1, which Facet&apos;s WAV reader does not decode</source>
        <translation>エンコード 0x%1 の音声が含まれていますが、Facet の WAV リーダーはデコードできません</translation>
    </message>
    <message>
        <source>its header is inconsistent (%1 bits per sample in blocks of %2 bytes for %3 channels)</source>
        <translation>ヘッダーの内容が矛盾しています（%3 チャンネルに対し、%2 バイトのブロックで 1 サンプル %1 ビット）</translation>
    </message>
    <message>
        <source>mono</source>
        <translation>モノラル</translation>
    </message>
    <message>
        <source>stereo</source>
        <translation>ステレオ</translation>
    </message>
    <message>
        <source>%1 channels</source>
        <translation>%1 チャンネル</translation>
    </message>
    <message>
        <source>%1-bit PCM, %2 Hz, %3</source>
        <translation>%1 ビット PCM、%2 Hz、%3</translation>
    </message>
    <message>
        <source>%1-bit float, %2 Hz, %3</source>
        <translation>%1 ビット浮動小数点、%2 Hz、%3</translation>
    </message>
    <message>
        <source>A-law, %1 Hz, %2</source>
        <translation>A-law、%1 Hz、%2</translation>
    </message>
    <message>
        <source>mu-law, %1 Hz, %2</source>
        <translation>μ-law、%1 Hz、%2</translation>
    </message>
    <message>
        <source>it contains no audio (0 samples)</source>
        <translation>音声が含まれていません（0 サンプル）</translation>
    </message>
    <message>
        <source>it is %1 long</source>
        <translation>長さが %1 あります</translation>
    </message>
</context>
<context>
    <name>facet::audio</name>
    <message>
        <source>The audio file&apos;s header is damaged (it gives %1 channels at %2 Hz).</source>
        <translation>音声ファイルのヘッダーが破損しています（%1 チャンネル、%2 Hz となっています）。</translation>
    </message>
    <message>
        <source>The recording is %1 long; Facet takes at most %2 of audio. Cut it into shorter pieces and attach those.</source>
        <translation>録音の長さは %1 です。Facet が扱える音声は最大 %2 までです。短く分割してから添付してください。</translation>
    </message>
    <message>
        <source>Decoding the audio was cancelled.</source>
        <translation>音声のデコードはキャンセルされました。</translation>
    </message>
    <message>
        <source>The recording is longer than %1; Facet takes at most that much audio. Cut it into shorter pieces and attach those.</source>
        <translation>録音が %1 を超えています。Facet が扱える音声はこの長さまでです。短く分割してから添付してください。</translation>
    </message>
    <message>
        <source>The audio file could not be decoded: %1. It may be damaged.</source>
        <translation>音声ファイルをデコードできませんでした: %1。破損している可能性があります。</translation>
    </message>
    <message>
        <source>The audio file contains no sound (0 samples).</source>
        <translation>音声ファイルに音が含まれていません（0 サンプル）。</translation>
    </message>
    <message>
        <source>The audio file is damaged after %1; only the part before that was used.</source>
        <translation>音声ファイルは %1 以降が破損しています。それより前の部分だけを使いました。</translation>
    </message>
    <message>
        <source>Facet cannot read this audio file: it is not in a format Facet knows (WAV, FLAC, Ogg Vorbis, Opus, MP3, AIFF, …) or it is damaged (%1).</source>
        <translation>Facet はこの音声ファイルを読み込めません。Facet が扱える形式（WAV、FLAC、Ogg Vorbis、Opus、MP3、AIFF など）ではないか、破損しています（%1）。</translation>
    </message>
    <message>
        <source>The audio file %1 does not exist.</source>
        <translation>音声ファイル %1 は存在しません。</translation>
    </message>
    <message>
        <source>The audio file %1 is empty (0 bytes).</source>
        <translation>音声ファイル %1 は空です（0 バイト）。</translation>
    </message>
    <message>
        <source>The audio file is empty (0 bytes).</source>
        <translation>音声ファイルは空です（0 バイト）。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a linear layer of width %1, which the GPU kernels cannot take (a multiple of 4 is needed).</source>
        <translation>モデルの音声エンコーダーに幅 %1 の線形層がありますが、GPU カーネルでは扱えません（4 の倍数が必要です）。</translation>
    </message>
    <message>
        <source>The audio has an impossible sample rate (%1 Hz).</source>
        <translation>音声のサンプルレートがありえない値です（%1 Hz）。</translation>
    </message>
    <message>
        <source>The audio could not be resampled from %1 Hz: %2.</source>
        <translation>音声を %1 Hz からリサンプリングできませんでした: %2。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has a shape the GPU kernels do not support (attention chunk %1, left context %2, right context %3, convolution channels %4 and %5, width %6).</source>
        <translation>モデルの音声エンコーダーの形状は GPU カーネルでサポートされていません（アテンションのチャンク %1、左コンテキスト %2、右コンテキスト %3、畳み込みチャンネル %4 と %5、幅 %6）。</translation>
    </message>
    <message>
        <source>The GPU could not take the audio tower&apos;s weights (%1). Close other programs that use the GPU, or use a smaller model.</source>
        <translation>GPU に音声エンコーダーの重みを読み込めませんでした（%1）。GPU を使っている他のプログラムを閉じるか、より小さいモデルを使ってください。</translation>
    </message>
    <message>
        <source>The audio clip is too long for the GPU audio tower (%1 frames); split it into shorter clips.</source>
        <translation>音声クリップが GPU の音声エンコーダーには長すぎます（%1 フレーム）。短いクリップに分割してください。</translation>
    </message>
    <message>
        <source>The GPU could not prepare the audio tower (%1). Close other programs that use the GPU, or record a shorter clip.</source>
        <translation>GPU で音声エンコーダーを準備できませんでした（%1）。GPU を使っている他のプログラムを閉じるか、もっと短いクリップを録音してください。</translation>
    </message>
    <message>
        <source>The audio features have the wrong size (%1 values for %2 frames of %3 mel bins).</source>
        <translation>音声特徴量のサイズが正しくありません（%3 メルビンの %2 フレームに対して値が %1 個）。</translation>
    </message>
    <message>
        <source>The audio feature mask has %1 entries for %2 frames.</source>
        <translation>音声特徴量のマスクは %2 フレームに対してエントリーが %1 個あります。</translation>
    </message>
    <message>
        <source>The GPU failed while encoding the audio: %1</source>
        <translation>音声のエンコード中に GPU でエラーが発生しました: %1</translation>
    </message>
    <message>
        <source>Encoding the audio was cancelled.</source>
        <translation>音声のエンコードはキャンセルされました。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower is incomplete: tensor %1 is missing. The file may be damaged or converted without the audio tower; download it again.</source>
        <translation>モデルの音声エンコーダーが不完全です。テンソル %1 がありません。ファイルが破損しているか、音声エンコーダーなしで変換された可能性があります。もう一度ダウンロードしてください。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 with shape %2 where %3 is expected; the file is damaged or was made for a different model.</source>
        <translation>モデルの音声エンコーダーのテンソル %1 の形状が %2 です。%3 であるはずです。ファイルが破損しているか、別のモデル用に作られています。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower stores tensor %1 in a type Facet cannot read.</source>
        <translation>モデルの音声エンコーダーはテンソル %1 を Facet が読み込めない型で保存しています。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor %1 in a layout Facet cannot read.</source>
        <translation>モデルの音声エンコーダーのテンソル %1 は、Facet が読み込めないレイアウトです。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has clamp tensor %1 with %2 values where 1 is expected.</source>
        <translation>モデルの音声エンコーダーのクランプ用テンソル %1 に値が %2 個あります。1 個であるはずです。</translation>
    </message>
    <message>
        <source>This model has no audio tower (no gemma4.audio metadata), so it cannot take audio. Use a Gemma 4 E2B or E4B file with audio, or add its mmproj file.</source>
        <translation>このモデルには音声エンコーダーがない（gemma4.audio メタデータがない）ため、音声を扱えません。音声対応の Gemma 4 E2B または E4B のファイルを使うか、その mmproj ファイルを追加してください。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower metadata is inconsistent (%1 layers, width %2, %3 heads).</source>
        <translation>モデルの音声エンコーダーのメタデータが矛盾しています（%1 層、幅 %2、ヘッド %3 個）。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.0.weight with shape %1 where [3, 3, 1, channels] is expected.</source>
        <translation>モデルの音声エンコーダーのテンソル a.conv1d.0.weight の形状が %1 です。[3, 3, 1, channels] であるはずです。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.conv1d.1.weight with shape %1 where [3, 3, channels, channels] is expected.</source>
        <translation>モデルの音声エンコーダーのテンソル a.conv1d.1.weight の形状が %1 です。[3, 3, channels, channels] であるはずです。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor a.blk.0.conv_dw.weight with kernel %1 where the metadata says %2.</source>
        <translation>モデルの音声エンコーダーのテンソル a.blk.0.conv_dw.weight のカーネルが %1 ですが、メタデータでは %2 となっています。</translation>
    </message>
    <message>
        <source>The model&apos;s audio tower has tensor mm.a.input_projection.weight with output width %1 where the text model&apos;s width is %2.</source>
        <translation>モデルの音声エンコーダーのテンソル mm.a.input_projection.weight の出力幅が %1 ですが、テキストモデルの幅は %2 です。</translation>
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
<context>
    <name>facet::media</name>
    <message>
        <source>An image of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>この会話の画像にデータがありません（ディスクから削除された可能性があります）。いったん外してから、もう一度添付してください。</translation>
    </message>
    <message>
        <source>A recording of this conversation has no data (it may have been removed from disk). Remove it and attach it again.</source>
        <translation>この会話の録音にデータがありません（ディスクから削除された可能性があります）。いったん外してから、もう一度添付してください。</translation>
    </message>
    <message>
        <source>The projector file %1 beside the model cannot be read: %2</source>
        <translation>モデルと同じ場所にあるプロジェクターファイル %1 を読み込めません: %2</translation>
    </message>
    <message>
        <source>%1 has no vision tower, so it cannot read images. Use a Gemma 4 file with its vision weights (Ollama&apos;s gemma4 models have them), or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 には画像エンコーダーがないため、画像を読み込めません。画像用の重みを含む Gemma 4 ファイル（Ollama の gemma4 モデルには含まれています）を使うか、モデルの mmproj-*.gguf プロジェクターファイルを同じ場所に置いてください。</translation>
    </message>
    <message>
        <source>%1 has no audio tower, so it cannot read audio. Use a Gemma 4 E2B or E4B file with its audio weights, or put the model&apos;s mmproj-*.gguf projector file beside it.</source>
        <translation>%1 には音声エンコーダーがないため、音声を読み込めません。音声用の重みを含む Gemma 4 E2B または E4B のファイルを使うか、モデルの mmproj-*.gguf プロジェクターファイルを同じ場所に置いてください。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>キャンセルしました。</translation>
    </message>
    <message>
        <source>The vision tower cannot be loaded: %1</source>
        <translation>画像エンコーダーを読み込めません: %1</translation>
    </message>
    <message>
        <source>The vision tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>画像エンコーダーの射影先の幅は %1 ですが、モデルのテキストの幅は %2 です。このプロジェクターファイルはこのモデル用ではありません。</translation>
    </message>
    <message>
        <source>The recording holds no sound (it is empty).</source>
        <translation>録音に音が含まれていません（空です）。</translation>
    </message>
    <message>
        <source>The audio tower cannot be loaded: %1</source>
        <translation>音声エンコーダーを読み込めません: %1</translation>
    </message>
    <message>
        <source>The audio tower projects into width %1, but the model&apos;s text width is %2: the projector file does not belong to this model.</source>
        <translation>音声エンコーダーの射影先の幅は %1 ですが、モデルのテキストの幅は %2 です。このプロジェクターファイルはこのモデル用ではありません。</translation>
    </message>
    <message>
        <source>The model&apos;s vocabulary has no %1 token, so it cannot read images or audio. Use a Gemma 4 model file with the multimodal tokens.</source>
        <translation>モデルの語彙に %1 トークンがないため、画像や音声を読み込めません。マルチモーダルトークンを含む Gemma 4 のモデルファイルを使ってください。</translation>
    </message>
</context>
<context>
    <name>facet::session::Engine</name>
    <message>
        <source>Start a new chat, delete earlier messages, or raise the context length in Settings.</source>
        <translation>新しいチャットを始めるか、以前のメッセージを削除するか、設定でコンテキスト長を増やしてください。</translation>
    </message>
    <message>
        <source>Try again. If it keeps failing, reload the model or choose another GPU backend in Settings.</source>
        <translation>もう一度お試しください。失敗が続く場合は、モデルを読み込み直すか、設定で別の GPU バックエンドを選んでください。</translation>
    </message>
    <message>
        <source>The engine has shut down.</source>
        <translation>エンジンは終了しました。</translation>
    </message>
    <message>
        <source>%1 is not a Gemma 4 model (its architecture is &quot;%2&quot;). Facet runs Gemma 4 E2B and E4B; choose one of those in the Models panel.</source>
        <translation>%1 は Gemma 4 モデルではありません（アーキテクチャは「%2」）。Facet が実行できるのは Gemma 4 E2B と E4B です。「モデル」パネルでどちらかを選んでください。</translation>
    </message>
    <message>
        <source>CPU reference (slow)</source>
        <translation>CPU リファレンス（低速）</translation>
    </message>
    <message>
        <source>Unknown GPU backend &quot;%1&quot;. Choose one of the backends listed in Settings.</source>
        <translation>不明な GPU バックエンド「%1」です。設定に表示されているバックエンドから選んでください。</translation>
    </message>
    <message>
        <source>No usable GPU: %1. Update the graphics driver, or choose another GPU backend or device in Settings.</source>
        <translation>使用できる GPU がありません: %1。グラフィックドライバーを更新するか、設定で別の GPU バックエンドまたはデバイスを選んでください。</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>モデルが読み込まれていません。</translation>
    </message>
    <message>
        <source>Load a model in the Models panel.</source>
        <translation>「モデル」パネルでモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Invalid sampling settings: %1</source>
        <translation>サンプリング設定が無効です: %1</translation>
    </message>
    <message>
        <source>Fix them in the conversation&apos;s settings.</source>
        <translation>会話の設定で修正してください。</translation>
    </message>
    <message>
        <source>The conversation is empty.</source>
        <translation>会話が空です。</translation>
    </message>
    <message>
        <source>Type a message.</source>
        <translation>メッセージを入力してください。</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on the loaded model. Pause or stop the training in the Fine-tune panel, then load another model.</source>
        <translation>読み込んだモデルで LoRA アダプターを学習中です。「ファインチューニング」パネルで学習を一時停止または停止してから、別のモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>A LoRA adapter is being trained on this model.</source>
        <translation>このモデルで LoRA アダプターを学習中です。</translation>
    </message>
    <message>
        <source>Training is running: pause or stop it in the Fine-tune panel to chat.</source>
        <translation>学習を実行中です。チャットするには、「ファインチューニング」パネルで一時停止または停止してください。</translation>
    </message>
    <message>
        <source>Remove the attachments from this conversation, or load a model that reads them.</source>
        <translation>この会話から添付ファイルを外すか、それを読み込めるモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Choose another adapter for this conversation, or turn it off.</source>
        <translation>この会話で別のアダプターを選ぶか、アダプターをオフにしてください。</translation>
    </message>
    <message>
        <source>Remove or replace the attachment, then send again.</source>
        <translation>添付ファイルを外すか差し替えてから、もう一度送信してください。</translation>
    </message>
    <message>
        <source>A training run is already in progress.</source>
        <translation>すでに学習を実行中です。</translation>
    </message>
    <message>
        <source>Pause or stop it before starting another.</source>
        <translation>別の学習を始める前に、一時停止または停止してください。</translation>
    </message>
    <message>
        <source>Load a model first: the data is measured with its tokenizer.</source>
        <translation>先にモデルを読み込んでください。データはそのモデルのトークナイザーで測ります。</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>…ほか %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>Load the model to train in the Models panel.</source>
        <translation>学習させるモデルを「モデル」パネルで読み込んでください。</translation>
    </message>
    <message numerus="yes">
        <source>The training data has %n bad example(s):</source>
        <translation>
            <numerusform>学習データに不正なサンプルが %n 件あります:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fix those lines, or choose to skip bad lines and train on the %n good example(s).</source>
        <translation>
            <numerusform>それらの行を修正するか、不正な行を飛ばすように選んで、正しい %n 件のサンプルで学習してください。</numerusform>
        </translation>
    </message>
    <message>
        <source>There is nothing to train on: %1 holds no usable example.</source>
        <translation>学習に使えるものがありません。%1 に使用できるサンプルがありません。</translation>
    </message>
    <message>
        <source>Choose a JSONL file with at least one example.</source>
        <translation>サンプルを 1 件以上含む JSONL ファイルを選んでください。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>フォルダー %1 を作成できません。</translation>
    </message>
    <message>
        <source>Choose another output folder.</source>
        <translation>別の出力フォルダーを選んでください。</translation>
    </message>
    <message>
        <source>Training cannot run on this model: %1</source>
        <translation>このモデルでは学習を実行できません: %1</translation>
    </message>
    <message>
        <source>Load the model again, or choose another device in Settings.</source>
        <translation>モデルを読み込み直すか、設定で別のデバイスを選んでください。</translation>
    </message>
    <message>
        <source>Choose another output folder, or the settings and data of the run in it.</source>
        <translation>別の出力フォルダーを選ぶか、そのフォルダー内の学習と同じ設定とデータを選んでください。</translation>
    </message>
    <message>
        <source>Lower the learning rate or check the data, then start again (the last checkpoint is kept).</source>
        <translation>学習率を下げるかデータを確認してから、もう一度開始してください（最後のチェックポイントは残っています）。</translation>
    </message>
    <message>
        <source>Cannot save the adapter: %1</source>
        <translation>アダプターを保存できません: %1</translation>
    </message>
    <message>
        <source>Check the output folder&apos;s free space and permissions.</source>
        <translation>出力フォルダーの空き容量とアクセス権を確認してください。</translation>
    </message>
    <message>
        <source>Load the base model the adapter was trained on first.</source>
        <translation>先に、アダプターの学習に使ったベースモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Unknown merged type &quot;%1&quot;.</source>
        <translation>不明なマージ形式「%1」です。</translation>
    </message>
    <message>
        <source>Cannot read the adapter %1: %2</source>
        <translation>アダプター %1 を読み込めません: %2</translation>
    </message>
</context>
</TS>
