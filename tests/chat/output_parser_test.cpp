// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Port of Ollama's model/parsers/gemma4_test.go (the Gemma4Parser tests), plus the streaming
// guarantees of OutputParser: any chunking of an output gives the same events, partial tags are
// held back, malformed tool calls become Error events, random input never breaks it.
#include "chat_test_util.h"

#include "support/test_support.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

#include <random>

namespace facet::chat::test {
namespace {

using Obj = QJsonObject;

struct ParserCase {
    std::string name;
    std::string input;
    std::string content;
    std::string thinking;
    std::vector<ToolCall> calls;
    bool thinkingEnabled = false;
    bool startInThinking = false;  // lastMessage is a tool message
};

void expectCalls(const std::vector<ToolCall> &got, const std::vector<ToolCall> &want,
                 const std::string &name) {
    ASSERT_EQ(got.size(), want.size()) << name;
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].name, want[i].name) << name;
        EXPECT_EQ(got[i].arguments, want[i].arguments)
            << name << ": " << QJsonDocument(got[i].arguments).toJson().toStdString();
    }
}

std::vector<ParserCase> parserCases() {
    const std::string edit =
        "<|tool_call>call:edit{edits:[\n"
        "  {newText:<|\"|># Gemma4 + openclaude speed optimization guide\n\n"
        "Use \"nvfp4\" only after validating tool calls.\n"
        "<|\"|>,oldText:<|\"|># Gemma4 + openclaude speed optimization guide\n\n"
        "Use the default quantization.\n"
        "<|\"|>},\n"
        "  {newText:<|\"|>## 14. Methods tried but not adopted\n\n"
        "### 1. Model quantization\n"
        "Do not enable \"mxfp8\" by default.\n"
        "<|\"|>,oldText:<|\"|>## 14. Methods tried but not adopted\n"
        "<|\"|>}\n"
        "]}<tool_call|>";
    const std::string editSpacing =
        "<|tool_call>call:edit{edits:[\n"
        "  {newText:<|\"|># Gemma4 + openclaude speed optimization guide...<|\"|>,\n"
        "   oldText:<|\"|># Gemma4 + openclaude speed optimization guide...<|\"|>},\n"
        "  {newText:<|\"|>## 14. Methods tried but not adopted\\n\\n### 1. Model "
        "quantization...<|\"|>,\n"
        "   oldText:<|\"|>## 14. Methods tried but not adopted\\n<|\"|>}\n"
        "]}<tool_call|>";
    return {
        {"simple_content", "This is a simple response.", "This is a simple response.", "", {}},
        {"thinking_then_content",
         "<|channel>thought\nLet me think about this...<channel|>The answer is 42.",
         "The answer is 42.",
         "Let me think about this...",
         {},
         true},
        {"multiple_thinking_blocks",
         "<|channel>first thought<channel|><|channel>second thought<channel|>Final answer.",
         "Final answer.",
         "first thoughtsecond thought",
         {},
         true},
        {"thinking_only_no_content",
         "<|channel>just thinking<channel|>",
         "",
         "just thinking",
         {},
         true},
        {"tool_call_simple",
         R"(<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>)",
         "",
         "",
         {call("get_weather", Obj{{"location", "Paris"}})}},
        {"tool_call_with_multiple_args",
         R"(<|tool_call>call:get_weather{location:<|"|>Paris<|"|>,units:<|"|>metric<|"|>}<tool_call|>)",
         "",
         "",
         {call("get_weather", Obj{{"location", "Paris"}, {"units", "metric"}})}},
        {"tool_call_with_number_arg",
         "<|tool_call>call:set_temp{value:42}<tool_call|>",
         "",
         "",
         {call("set_temp", Obj{{"value", 42.0}})}},
        {"tool_call_with_boolean_arg",
         "<|tool_call>call:toggle{enabled:true}<tool_call|>",
         "",
         "",
         {call("toggle", Obj{{"enabled", true}})}},
        {"tool_call_with_null_arg",
         "<|tool_call>call:set_optional{value:null,nested:{value:null}}<tool_call|>",
         "",
         "",
         {call("set_optional",
               Obj{{"value", QJsonValue::Null}, {"nested", Obj{{"value", QJsonValue::Null}}}})}},
        {"tool_call_with_nested_object",
         R"(<|tool_call>call:process{config:{enabled:true,name:<|"|>test<|"|>}}<tool_call|>)",
         "",
         "",
         {call("process", Obj{{"config", Obj{{"enabled", true}, {"name", "test"}}}})}},
        {"tool_call_with_array",
         R"(<|tool_call>call:process{items:[<|"|>a<|"|>,<|"|>b<|"|>]}<tool_call|>)",
         "",
         "",
         {call("process", Obj{{"items", QJsonArray{"a", "b"}}})}},
        {"tool_call_with_array_of_multiple_gemma_quoted_strings",
         R"(<|tool_call>call:process{items:[<|"|>a<|"|>,<|"|>b "quoted"<|"|>,<|"|>c<|"|>]}<tool_call|>)",
         "",
         "",
         {call("process", Obj{{"items", QJsonArray{"a", R"(b "quoted")", "c"}}})}},
        {"tool_call_with_multiline_string_arg",
         "<|tool_call>call:bash{command:<|\"|>date\n<|\"|>}<tool_call|>",
         "",
         "",
         {call("bash", Obj{{"command", "date\n"}})}},
        {"tool_call_with_escaped_double_quotes_in_string_arg",
         R"(<|tool_call>call:search{query:<|"|>say \"hello\"<|"|>}<tool_call|>)",
         "",
         "",
         {call("search", Obj{{"query", R"(say \"hello\")"}})}},
        {"tool_call_with_unescaped_double_quotes_in_string_arg",
         R"(<|tool_call>call:search{query:<|"|>say "hello"<|"|>}<tool_call|>)",
         "",
         "",
         {call("search", Obj{{"query", R"(say "hello")"}})}},
        {"tool_call_with_multiple_unescaped_double_quote_segments",
         R"(<|tool_call>call:search{query:<|"|>say "hello", then "goodbye"<|"|>}<tool_call|>)",
         "",
         "",
         {call("search", Obj{{"query", R"(say "hello", then "goodbye")"}})}},
        {"tool_call_with_mixed_escaped_and_unescaped_double_quotes",
         R"(<|tool_call>call:search{query:<|"|>first \"quoted\" then "raw"<|"|>}<tool_call|>)",
         "",
         "",
         {call("search", Obj{{"query", R"(first \"quoted\" then "raw")"}})}},
        {"tool_call_exec_with_embedded_quoted_path",
         R"(<|tool_call>call:exec{command:<|"|>ls -F "vault/"<|"|>}<tool_call|>)",
         "",
         "",
         {call("exec", Obj{{"command", R"(ls -F "vault/")"}})}},
        {"tool_call_exec_with_embedded_quoted_url",
         R"(<|tool_call>call:exec{command:<|"|>fetch "https://ollama.com/library/gemma4" --extract<|"|>}<tool_call|>)",
         "",
         "",
         {call("exec",
               Obj{{"command", R"(fetch "https://ollama.com/library/gemma4" --extract)"}})}},
        {"tool_call_done_flush_without_close_tag_with_unescaped_double_quotes",
         R"(<|tool_call>call:search{query:<|"|>say "hello" and "bye"<|"|>})",
         "",
         "",
         {call("search", Obj{{"query", R"(say "hello" and "bye")"}})}},
        {"tool_call_with_mixed_raw_and_gemma_quoted_values",
         R"(<|tool_call>call:search{query:"raw \"quoted\"",note:<|"|>gemma "quoted"<|"|>}<tool_call|>)",
         "",
         "",
         {call("search", Obj{{"query", R"(raw "quoted")"}, {"note", R"(gemma "quoted")"}})}},
        {"tool_call_with_array_of_objects_and_mixed_quotes",
         R"(<|tool_call>call:plan{steps:[{title:<|"|>step "one"<|"|>,done:false},{title:<|"|>step \"two\"<|"|>,done:true}]}<tool_call|>)",
         "",
         "",
         {call("plan",
               Obj{{"steps", QJsonArray{Obj{{"title", R"(step "one")"}, {"done", false}},
                                        Obj{{"title", R"(step \"two\")"}, {"done", true}}}}})}},
        {"tool_call_edit_with_array_of_objects_multiline_markdown_and_quotes",
         edit,
         "",
         "",
         {call("edit",
               Obj{{"edits",
                    QJsonArray{
                        Obj{{"newText",
                             "# Gemma4 + openclaude speed optimization guide\n\nUse \"nvfp4\" "
                             "only after validating tool calls.\n"},
                            {"oldText",
                             "# Gemma4 + openclaude speed optimization guide\n\nUse the default "
                             "quantization.\n"}},
                        Obj{{"newText",
                             "## 14. Methods tried but not adopted\n\n### 1. Model "
                             "quantization\nDo not enable \"mxfp8\" by default.\n"},
                            {"oldText", "## 14. Methods tried but not adopted\n"}}}}})}},
        {"tool_call_edit_with_array_of_objects_issue_comment_spacing",
         editSpacing,
         "",
         "",
         {call(
             "edit",
             Obj{{"edits",
                  QJsonArray{Obj{{"newText", "# Gemma4 + openclaude speed optimization guide..."},
                                 {"oldText", "# Gemma4 + openclaude speed optimization guide..."}},
                             Obj{{"newText",
                                  "## 14. Methods tried but not adopted\\n\\n### 1. Model "
                                  "quantization..."},
                                 {"oldText", "## 14. Methods tried but not adopted\\n"}}}}})}},
        {"tool_call_with_windows_path_single_backslashes",
         R"(<|tool_call>call:open_file{path:<|"|>C:\users\bob\file.txt<|"|>}<tool_call|>)",
         "",
         "",
         {call("open_file", Obj{{"path", R"(C:\users\bob\file.txt)"}})}},
        {"multiple_tool_calls",
         R"(<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|><|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|>)",
         "",
         "",
         {call("get_weather", Obj{{"location", "Paris"}}),
          call("get_weather", Obj{{"location", "London"}})}},
        {"thinking_then_tool_call",
         "<|channel>thought\nI need to check the weather<channel|><|tool_call>call:get_weather{"
         "location:<|\"|>Paris<|\"|>}<tool_call|>",
         "",
         "I need to check the weather",
         {call("get_weather", Obj{{"location", "Paris"}})},
         true},
        {"content_then_tool_call",
         R"(Let me check that for you.<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>)",
         "Let me check that for you.",
         "",
         {call("get_weather", Obj{{"location", "Paris"}})}},
        {"thinking_disabled_channel_tags_as_content",
         "<|channel>this is not thinking<channel|>actual content",
         "actual content",
         "",
         {},
         false},
        // prefill_content_only: an assistant prefill starts in content, as without one.
        {"prefill_content_only", "Continuing content.", "Continuing content.", "", {}, true},
    };
}

class Gemma4Parser : public ::testing::TestWithParam<ParserCase> {};

// TestGemma4Parser: the whole output at once.
TEST_P(Gemma4Parser, WholeOutput) {
    const ParserCase &c = GetParam();
    const ParsedOutput got = parseWhole(c.input, c.thinkingEnabled, c.startInThinking);
    EXPECT_EQ(got.content, c.content);
    EXPECT_EQ(got.thinking, c.thinking);
    EXPECT_TRUE(got.errors.empty());
    expectCalls(got.calls, c.calls, c.name);
}

// The same output cut into two chunks at every byte, and one byte at a time.
TEST_P(Gemma4Parser, EveryChunkingGivesTheSameResult) {
    const ParserCase &c = GetParam();
    for (size_t cut = 0; cut <= c.input.size(); ++cut) {
        OutputParser parser(c.thinkingEnabled, c.startInThinking);
        const ParsedOutput got = parseAll(parser, {c.input.substr(0, cut), c.input.substr(cut)});
        ASSERT_EQ(got.content, c.content) << "cut at " << cut;
        ASSERT_EQ(got.thinking, c.thinking) << "cut at " << cut;
        expectCalls(got.calls, c.calls, c.name);
    }
    std::vector<std::string> bytes;
    for (char ch : c.input)
        bytes.emplace_back(1, ch);
    OutputParser parser(c.thinkingEnabled, c.startInThinking);
    const ParsedOutput got = parseAll(parser, bytes);
    EXPECT_EQ(got.content, c.content);
    EXPECT_EQ(got.thinking, c.thinking);
    expectCalls(got.calls, c.calls, c.name);
}

INSTANTIATE_TEST_SUITE_P(Ollama, Gemma4Parser, ::testing::ValuesIn(parserCases()),
                         [](const ::testing::TestParamInfo<ParserCase> &p) {
                             return p.param.name;
                         });

// TestGemma4Parser_Streaming.
TEST(Gemma4ParserStreaming, ThinkingThenContent) {
    OutputParser parser(true);
    const ParsedOutput got = parseAll(
        parser, {"<|channel>thought", "\nLet me think", "...<channel|>The answer", " is 42."});
    EXPECT_EQ(got.content, "The answer is 42.");
    EXPECT_EQ(got.thinking, "Let me think...");
}

// TestGemma4Parser_ToolResponseContinuationStartsInThinking.
TEST(Gemma4ParserStreaming, ToolResponseContinuationStartsInThinking) {
    Conversation c;
    c.think = true;
    c.messages = {user("List"), assistant("", {call("bash", Obj{{"command", "ls"}})}),
                  toolResult("bash", "go.mod\ngo.sum\n")};
    OutputParser parser(c);
    const ParsedOutput got =
        parseAll(parser, {"The user asked for files.<channel|>go.mod and go.sum"});
    EXPECT_EQ(got.content, "go.mod and go.sum");
    EXPECT_EQ(got.thinking, "The user asked for files.");
    EXPECT_TRUE(got.calls.empty());
    // …and matches what the renderer ends the prompt with.
    EXPECT_TRUE(render(c).text.ends_with("<|channel>thought\n"));
}

// TestGemma4Parser_StreamingToolCall.
TEST(Gemma4ParserStreaming, ToolCall) {
    OutputParser parser(false);
    const ParsedOutput got = parseAll(
        parser,
        {"<|tool_call>call:get_", R"(weather{location:<|"|>Par)", R"(is<|"|>}<tool_call|>)"});
    EXPECT_EQ(got.content, "");
    expectCalls(got.calls, {call("get_weather", Obj{{"location", "Paris"}})}, "streaming");
}

// TestGemma4Parser_IgnoresExtraToolCallCloseTags and
// TestGemma4Parser_IgnoresToolResponseBoundaryAfterToolCall.
TEST(Gemma4ParserStreaming, IgnoresNoiseAfterToolCall) {
    const std::string callText =
        R"(<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}<tool_call|>)";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{callText + "<tool_call|>"}, ""},
        {{callText + "<tool_call|>Done."}, "Done."},
        {{callText + "<tool_", "call|>Done."}, "Done."},
        {{callText + "<|tool_response>"}, ""},
        {{callText + "<|tool_response>Done."}, "Done."},
        {{callText + "<|tool_res", "ponse>Done."}, "Done."},
    };
    for (const auto &[chunks, content] : cases) {
        OutputParser parser(false);
        const ParsedOutput got = parseAll(parser, chunks);
        EXPECT_EQ(got.content, content) << chunks[0];
        expectCalls(got.calls, {call("get_weather", Obj{{"location", "Paris"}})}, chunks[0]);
    }
}

// TestGemma4Parser_StreamingSplitThinkingTag.
TEST(Gemma4ParserStreaming, SplitThinkingTags) {
    for (const auto &chunks :
         std::vector<std::vector<std::string>>{{"<|chan", "nel>thinking here<channel|>content"},
                                               {"<|channel>thinking here<chan", "nel|>content"}}) {
        OutputParser parser(true);
        const ParsedOutput got = parseAll(parser, chunks);
        EXPECT_EQ(got.content, "content");
        EXPECT_EQ(got.thinking, "thinking here");
    }
}

TEST(Gemma4ParserStreaming, HoldsBackPartialTagsUntilResolved) {
    OutputParser parser(true);
    auto text = [](const std::vector<ParserEvent> &events) {
        std::string s;
        for (const ParserEvent &e : events)
            s += e.text;
        return s;
    };
    EXPECT_EQ(text(parser.feed("Hello <|chan")), "Hello");
    EXPECT_EQ(text(parser.feed("nel>thought\nhm")), "hm");
    EXPECT_EQ(text(parser.feed("m <chan")), "m");
    const std::vector<ParserEvent> end = parser.feed("nel|> World ");
    ASSERT_EQ(end.size(), 1u);  // the space after the block is dropped, the trailing one held
    EXPECT_EQ(end[0].kind, ParserEvent::Kind::Content);
    EXPECT_EQ(end[0].text, "World");
    const std::vector<ParserEvent> rest = parser.finish();
    ASSERT_EQ(rest.size(), 1u);
    EXPECT_EQ(rest[0].text, " ");
}

TEST(Gemma4ParserStreaming, PartialTagThatIsNotATagIsReleased) {
    OutputParser parser(false);
    std::string content;
    for (const ParserEvent &e : parser.feed("a <|chan"))
        content += e.text;
    EXPECT_EQ(content, "a");
    for (const ParserEvent &e : parser.feed("ge"))
        content += e.text;
    EXPECT_EQ(content, "a <|change");
}

TEST(Gemma4ParserStreaming, NeverSplitsAUtf8Character) {
    const std::string text = "héllo → 世界 🌍<|channel>thought\nß€<channel|>done 😀";
    OutputParser parser(true);
    std::vector<ParserEvent> all;
    for (char ch : text) {
        for (ParserEvent &e : parser.feed(std::string(1, ch)))
            all.push_back(std::move(e));
    }
    for (ParserEvent &e : parser.finish())
        all.push_back(std::move(e));
    std::string content, thinking;
    for (const ParserEvent &e : all) {
        EXPECT_EQ(QString::fromStdString(e.text).toStdString(), e.text) << "split character";
        (e.kind == ParserEvent::Kind::Thinking ? thinking : content) += e.text;
    }
    EXPECT_EQ(content, "héllo → 世界 🌍done 😀");
    EXPECT_EQ(thinking, "ß€");
}

TEST(Gemma4ParserStreaming, EventsKeepTheirOrder) {
    OutputParser parser(true);
    std::vector<ParserEvent> events = parser.feed(
        "Intro<|channel>thought\nplan<channel|>Answer<|tool_call>call:f{a:1}<tool_call|>After");
    for (ParserEvent &e : parser.finish())
        events.push_back(std::move(e));
    ASSERT_EQ(events.size(), 5u);
    EXPECT_EQ(events[0].kind, ParserEvent::Kind::Content);
    EXPECT_EQ(events[0].text, "Intro");
    EXPECT_EQ(events[1].kind, ParserEvent::Kind::Thinking);
    EXPECT_EQ(events[1].text, "plan");
    EXPECT_EQ(events[2].text, "Answer");
    EXPECT_EQ(events[3].kind, ParserEvent::Kind::ToolCall);
    EXPECT_EQ(events[3].call.name, "f");
    EXPECT_EQ(events[3].callIndex, 0);
    EXPECT_EQ(events[4].text, "After");
}

TEST(Gemma4ParserStreaming, EarlierTagWins) {
    // A tool call before a thinking block in the same chunk is still a tool call.
    const ParsedOutput got =
        parseWhole("<|tool_call>call:f{a:1}<tool_call|>x<|channel>thought\nt<channel|>y", true);
    ASSERT_EQ(got.calls.size(), 1u);
    EXPECT_EQ(got.content, "xy");
    EXPECT_EQ(got.thinking, "t");
}

TEST(Gemma4ParserErrors, MalformedToolCallsBecomeErrorEvents) {
    OutputParser parser(false);
    std::vector<ParserEvent> events =
        parser.feed("Sure.<|tool_call>call:broken{a:<|\"|>x,b:<|\"|>y<|\"|>}<tool_call|>Bye");
    for (ParserEvent &e : parser.finish())
        events.push_back(std::move(e));
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].text, "Sure.");
    EXPECT_EQ(events[1].kind, ParserEvent::Kind::Error);
    EXPECT_EQ(events[1].text, "call:broken{a:<|\"|>x,b:<|\"|>y<|\"|>}");
    EXPECT_FALSE(events[1].error.isEmpty());
    EXPECT_EQ(events[2].text, "Bye");

    const ParsedOutput noPrefix = parseWhole("<|tool_call>get_weather{}<tool_call|>", false);
    ASSERT_EQ(noPrefix.errors.size(), 1u);
    EXPECT_EQ(noPrefix.errors[0], "get_weather{}");
    const ParsedOutput cutOff = parseWhole("<|tool_call>call:f{a:", false);
    ASSERT_EQ(cutOff.errors.size(), 1u);
    EXPECT_TRUE(parseWhole("<|tool_call>", false).errors.empty());
}

TEST(Gemma4ParserErrors, RepairUsesTheConversationTools) {
    Conversation c;
    c.tools = {tool("write", "Write", {named("content", prop("string"))})};
    OutputParser parser(c);
    const ParsedOutput got = parseAll(parser, {"<|tool_call>call:write{content:# Title\nBody"});
    ASSERT_EQ(got.calls.size(), 1u);
    EXPECT_EQ(got.calls[0].arguments, (Obj{{"content", "# Title\nBody"}}));
}

// Random outputs built from tag fragments and text, split at random: the parser never fails, and
// every chunking gives the events of the whole text.
TEST(Gemma4ParserFuzz, RandomOutputsAndChunkings) {
    std::mt19937_64 rng = facet::test::seededRng();
    const std::vector<std::string> atoms = {"<|channel>",
                                            "<channel|>",
                                            "<|tool_call>",
                                            "<tool_call|>",
                                            "<|tool_response>",
                                            "<|\"|>",
                                            "thought\n",
                                            "call:",
                                            "f{",
                                            "a:",
                                            "1",
                                            "}",
                                            "{",
                                            ",",
                                            "'",
                                            "\"",
                                            "\\",
                                            " ",
                                            "\n",
                                            "\t",
                                            "\xC2\xA0",
                                            "\xE3\x80\x80",
                                            "é",
                                            "😀",
                                            "\xF0\x9F",
                                            "\xff",
                                            "<",
                                            "|",
                                            ">",
                                            "<|",
                                            "|>",
                                            "text",
                                            "x:y",
                                            "[",
                                            "]",
                                            "null",
                                            "true",
                                            "-3.5e2",
                                            "<|chan",
                                            "<tool_",
                                            std::string(1, '\0')};
    auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); };
    for (int iter = 0; iter < 3000; ++iter) {
        std::string text;
        const size_t parts = pick(30);
        for (size_t i = 0; i < parts; ++i) {
            if (pick(5) == 0) {
                text.push_back(static_cast<char>(pick(256)));
            } else {
                text += atoms[pick(atoms.size())];
            }
        }
        const bool thinking = pick(2) == 0;
        const bool startInThinking = pick(4) == 0;
        const std::vector<Tool> tools = {tool("f", "", {named("a", prop("string"))})};
        const ParsedOutput whole = parseWhole(text, thinking, startInThinking, tools);

        std::vector<std::string> chunks;
        for (size_t pos = 0; pos < text.size();) {
            const size_t len = std::min(text.size() - pos, 1 + pick(8));
            chunks.push_back(text.substr(pos, len));
            pos += len;
        }
        OutputParser parser(thinking, startInThinking, tools);
        const ParsedOutput chunked = parseAll(parser, chunks);
        ASSERT_EQ(chunked.content, whole.content) << testing::PrintToString(text);
        ASSERT_EQ(chunked.thinking, whole.thinking) << testing::PrintToString(text);
        ASSERT_EQ(chunked.errors, whole.errors) << testing::PrintToString(text);
        ASSERT_EQ(chunked.calls.size(), whole.calls.size()) << testing::PrintToString(text);
        for (size_t i = 0; i < whole.calls.size(); ++i) {
            ASSERT_EQ(chunked.calls[i].name, whole.calls[i].name);
            ASSERT_EQ(chunked.calls[i].arguments, whole.calls[i].arguments);
        }
    }
}

}  // namespace
}  // namespace facet::chat::test
