// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Port of the tool-call syntax tests in Ollama's model/parsers/gemma4_test.go
// (TestGemma4ArgsToJSON, TestRepairGemma4*, TestGemma4RepairCandidates, TestParseGemma4ToolCall_*),
// plus the Go formatting rules the renderer relies on.
#include "chat/tool_call_syntax.h"
#include "chat/go_text.h"
#include "chat_test_util.h"

#include <QJsonDocument>

#include <gtest/gtest.h>

#include <cmath>

namespace facet::chat::test {
namespace {

using Obj = QJsonObject;
using namespace facet::chat::detail;

// gemma4TestStringTool: a tool whose named arguments are all strings.
Tool stringTool(const std::string &name, std::initializer_list<const char *> args) {
    std::vector<NamedToolProperty> props;
    for (const char *a : args)
        props.push_back(named(a, prop("string")));
    return tool(name, "", props);
}

struct ArgsCase {
    const char *name;
    std::string input;
    std::string expected;
};

TEST(Gemma4ArgsToJson, MatchesOllama) {
    const std::vector<ArgsCase> cases = {
        {"simple_string", R"({location:<|"|>Paris<|"|>})", R"({"location":"Paris"})"},
        {"multiple_args", R"({location:<|"|>Paris<|"|>,units:<|"|>metric<|"|>})",
         R"({"location":"Paris","units":"metric"})"},
        {"number_value", "{value:42}", R"({"value":42})"},
        {"boolean_value", "{enabled:true}", R"({"enabled":true})"},
        {"nested_object", R"({config:{enabled:true,name:<|"|>test<|"|>}})",
         R"({"config":{"enabled":true,"name":"test"}})"},
        {"nested_object_with_space_after_object_open_and_before_bare_key",
         R"({edits:[{ newText:<|"|>a<|"|>, oldText:<|"|>b<|"|>} ]})",
         R"({"edits":[{ "newText":"a", "oldText":"b"} ]})"},
        {"nested_object_with_space_before_bare_key",
         R"({edits:[{newText:<|"|>a<|"|>, oldText:<|"|>b<|"|>} ]})",
         R"({"edits":[{"newText":"a", "oldText":"b"} ]})"},
        {"nested_object_with_newline_before_bare_key",
         "{edits:[\n  {newText:<|\"|>a<|\"|>,\n   oldText:<|\"|>b<|\"|>}\n]}",
         "{\"edits\":[\n  {\"newText\":\"a\",\n   \"oldText\":\"b\"}\n]}"},
        {"array_value", R"({items:[<|"|>a<|"|>,<|"|>b<|"|>]})", R"({"items":["a","b"]})"},
        {"array_value_with_multiple_gemma_quoted_strings",
         R"({items:[<|"|>a<|"|>,<|"|>b "quoted"<|"|>,<|"|>c<|"|>]})",
         R"({"items":["a","b \"quoted\"","c"]})"},
        {"empty_object", "{}", "{}"},
        {"mixed_types", R"({name:<|"|>test<|"|>,count:5,active:true,tags:[<|"|>a<|"|>]})",
         R"({"name":"test","count":5,"active":true,"tags":["a"]})"},
        {"null_value", "{value:null}", R"({"value":null})"},
        {"multiline_string_value", "{command:<|\"|>date\n<|\"|>}", R"({"command":"date\n"})"},
        {"string_value_with_escaped_double_quotes", R"({query:<|"|>say \"hello\"<|"|>})",
         R"({"query":"say \\\"hello\\\""})"},
        {"string_value_with_unescaped_double_quotes", R"({query:<|"|>say "hello"<|"|>})",
         R"({"query":"say \"hello\""})"},
        {"string_value_with_multiple_unescaped_double_quote_segments",
         R"({query:<|"|>say "hello", then "goodbye"<|"|>})",
         R"({"query":"say \"hello\", then \"goodbye\""})"},
        {"string_value_with_mixed_escaped_and_unescaped_double_quotes",
         R"({query:<|"|>first \"quoted\" then "raw"<|"|>})",
         R"({"query":"first \\\"quoted\\\" then \"raw\""})"},
        {"string_value_with_punctuation_and_structural_chars", R"({query:<|"|>a,b:{c}[d]<|"|>})",
         R"({"query":"a,b:{c}[d]"})"},
        {"string_value_with_windows_path_backslashes", R"({path:<|"|>C:\\Temp\\file.txt<|"|>})",
         R"({"path":"C:\\\\Temp\\\\file.txt"})"},
        {"string_value_with_windows_path_single_backslashes", R"({path:<|"|>C:\users\bob<|"|>})",
         R"({"path":"C:\\users\\bob"})"},
        {"string_value_with_escaped_forward_slashes", R"({url:<|"|>https:\/\/example.com\/a<|"|>})",
         R"({"url":"https:\\/\\/example.com\\/a"})"},
        {"string_value_with_unicode_escape_sequence", R"({s:<|"|>snowman:\u2603<|"|>})",
         R"({"s":"snowman:\\u2603"})"},
        {"string_value_with_unknown_escape_sequence", R"({s:<|"|>bad \x escape<|"|>})",
         R"({"s":"bad \\x escape"})"},
        {"string_value_with_invalid_unicode_escape_sequence", R"({s:<|"|>bad \uZZZZ escape<|"|>})",
         R"({"s":"bad \\uZZZZ escape"})"},
        {"raw_quoted_string_with_escaped_quotes", R"({q:"say \"hi\" and \"bye\""})",
         R"({"q":"say \"hi\" and \"bye\""})"},
        {"raw_quoted_string_containing_key_like_text",
         R"({q:"keep , oldText: literal",note:<|"|>ok<|"|>})",
         R"({"q":"keep , oldText: literal","note":"ok"})"},
        {"raw_quoted_string_with_escaped_quotes_and_key_like_text",
         R"({q:"keep , oldText: and \"quoted\" text",note:<|"|>ok<|"|>})",
         R"({"q":"keep , oldText: and \"quoted\" text","note":"ok"})"},
        {"nested_mixed_raw_and_gemma_quoted_values",
         R"({meta:{title:<|"|>t "1"<|"|>,note:"n \"2\""},items:[<|"|>x "3"<|"|>,"y \"4\""]})",
         R"({"meta":{"title":"t \"1\"","note":"n \"2\""},"items":["x \"3\"","y \"4\""]})"},
    };
    for (const ArgsCase &c : cases) {
        EXPECT_EQ(gemmaArgsToJson(c.input), c.expected) << c.name;
    }
}

TEST(Gemma4ArgsToJson, QuotesLikeGoEncodingJson) {
    // HTML-safe escapes, control characters, invalid UTF-8 and the line separators.
    EXPECT_EQ(gemmaArgsToJson("{s:<|\"|><a&b>\x01\t\xff\xe2\x80\xa8<|\"|>}"),
              R"({"s":"\u003ca\u0026b\u003e\u0001\t\ufffd\u2028"})");
    // Bare keys may be any letters or digits.
    EXPECT_EQ(gemmaArgsToJson("{größe:1,_x9:2}"), R"({"größe":1,"_x9":2})");
}

TEST(Gemma4Repair, MissingStringDelimiter) {
    EXPECT_EQ(repairMissingStringDelimiter(R"({command:<|"|>ls})"), R"({command:<|"|>ls<|"|>})");
    EXPECT_EQ(repairMissingStringDelimiter(R"({path:<|"|>/tmp<|"|>,command:<|"|>ls})"),
              R"({path:<|"|>/tmp<|"|>,command:<|"|>ls<|"|>})");
    EXPECT_EQ(repairMissingStringDelimiter(R"({command:<|"|>ls)"), R"({command:<|"|>ls<|"|>)");
    EXPECT_EQ(repairMissingStringDelimiter(R"({command:<|"|>ls<|"|>})"),
              R"({command:<|"|>ls<|"|>})");
    EXPECT_EQ(repairMissingStringDelimiter("{command:ls}"), "{command:ls}");
}

TEST(Gemma4Repair, MissingObjectClose) {
    EXPECT_EQ(repairMissingObjectClose(R"({content:<|"|>hello<|"|>)"),
              R"({content:<|"|>hello<|"|>})");
    EXPECT_EQ(repairMissingObjectClose("{content:<|\"|>hello<|\"|>  "),
              "{content:<|\"|>hello<|\"|>}  ");
    EXPECT_EQ(repairMissingObjectClose(R"({content:<|"|>hello<|"|>})"),
              R"({content:<|"|>hello<|"|>})");
    EXPECT_EQ(repairMissingObjectClose(R"(content:<|"|>hello<|"|>)"), R"(content:<|"|>hello<|"|>)");
}

TEST(Gemma4Repair, SingleQuotedValues) {
    EXPECT_EQ(repairSingleQuotedValues(R"({pattern:':\s*\w+'})"), R"({pattern:<|"|>:\s*\w+<|"|>})");
    EXPECT_EQ(
        repairSingleQuotedValues(R"({include:<|"|>*.py<|"|>,pattern:'abc',path:<|"|>/tmp<|"|>})"),
        R"({include:<|"|>*.py<|"|>,pattern:<|"|>abc<|"|>,path:<|"|>/tmp<|"|>})");
    EXPECT_EQ(repairSingleQuotedValues(R"({pattern:'abc'<|"|>})"), R"({pattern:<|"|>abc<|"|>})");
    EXPECT_EQ(repairSingleQuotedValues(R"({pattern:<|"|>abc<|"|>})"), R"({pattern:<|"|>abc<|"|>})");
    EXPECT_EQ(repairSingleQuotedValues(R"({pattern:"abc"})"), R"({pattern:"abc"})");
    EXPECT_EQ(repairSingleQuotedValues("{pattern:'abc}"), "{pattern:'abc}");
}

TEST(Gemma4Repair, RawTerminalStringValue) {
    Tool numberTool = tool("write", "", {named("content", prop("number"))});
    const std::vector<Tool> writeContent = {stringTool("write", {"content"})};
    EXPECT_EQ(repairRawTerminalStringValue("{content:\n\n# Title", "write", writeContent),
              "{content:<|\"|>\n\n# Title<|\"|>");
    EXPECT_EQ(repairRawTerminalStringValue(R"({content:hello,mode:<|"|>fast<|"|>})", "write",
                                           {stringTool("write", {"content", "mode"})}),
              R"({content:<|"|>hello<|"|>,mode:<|"|>fast<|"|>})");
    EXPECT_EQ(repairRawTerminalStringValue("{content:hello", "write", {}), std::nullopt);
    EXPECT_EQ(repairRawTerminalStringValue("{content:hello", "write", {numberTool}), std::nullopt);
    EXPECT_EQ(repairRawTerminalStringValue(R"({content:<|"|>hello<|"|>})", "write", writeContent),
              std::nullopt);
    EXPECT_EQ(repairRawTerminalStringValue("{content:123}", "write", writeContent), std::nullopt);
    EXPECT_EQ(repairRawTerminalStringValue("{content:hello", "missing", writeContent),
              std::nullopt);
}

TEST(Gemma4Repair, Candidates) {
    using V = std::vector<std::string>;
    EXPECT_EQ(repairCandidates(R"({command:<|"|>ls})", "bash", {stringTool("bash", {"command"})}),
              V{R"({command:<|"|>ls<|"|>})"});
    EXPECT_EQ(
        repairCandidates(R"({pattern:'abc'<|"|>})", "grep", {stringTool("grep", {"pattern"})}),
        V{R"({pattern:<|"|>abc<|"|>})"});
    EXPECT_EQ(repairCandidates("{content:hello", "write", {stringTool("write", {"content"})}),
              (V{"{content:hello", R"({content:<|"|>hello<|"|>})"}));
    EXPECT_EQ(repairCandidates("{n:1", "count", {stringTool("count", {"name"})}), V{"{n:1"});
}

// TestParseGemma4ToolCall_InvalidRawQuotedEscape.
TEST(Gemma4ParseToolCall, RejectsInvalidRawQuotedEscape) {
    QString error;
    EXPECT_FALSE(parseToolCall(R"(call:open_file{path:"C:\users\bob\file.txt"})", {}, &error));
    EXPECT_FALSE(error.isEmpty());
}

// TestParseGemma4ToolCall_QuotedScalarsStayStrings.
TEST(Gemma4ParseToolCall, QuotedScalarsStayStrings) {
    const auto tc =
        parseToolCall(R"(call:foo{n:<|"|>1<|"|>,b:<|"|>true<|"|>,z:<|"|>null<|"|>})", {});
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->name, "foo");
    EXPECT_EQ(tc->arguments, (Obj{{"n", "1"}, {"b", "true"}, {"z", "null"}}));
}

// TestParseGemma4ToolCall_UnquotedScalarsKeepStructuredTypes.
TEST(Gemma4ParseToolCall, UnquotedScalarsKeepStructuredTypes) {
    const auto tc = parseToolCall("call:foo{n:1,b:true,z:null}", {});
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->arguments, (Obj{{"n", 1.0}, {"b", true}, {"z", QJsonValue::Null}}));
}

// TestParseGemma4ToolCall_ReferenceImplementationExample.
TEST(Gemma4ParseToolCall, ReferenceImplementationExample) {
    const auto tc = parseToolCall(
        R"(call:get_current_temperature{detail_level:0,location:<|"|>Paris, France<|"|>,unit:<|"|>celsius<|"|>})",
        {});
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->name, "get_current_temperature");
    EXPECT_EQ(tc->arguments,
              (Obj{{"detail_level", 0.0}, {"location", "Paris, France"}, {"unit", "celsius"}}));
}

// TestParseGemma4ToolCall_RepairsIssue15315Examples.
TEST(Gemma4ParseToolCall, RepairsIssue15315Examples) {
    const std::string writeContent =
        "\n\n# Project Style Guide for Autonomous Agents' Code Generation (AGENTS.md)\n\n"
        "This document captures the *de facto* coding standards observed across the `src/` and "
        "`components/` source code, designed to ensure consistency for all generated code and "
        "modules consumed by the agent system.";
    auto raw =
        parseToolCall("call:write{content:" + writeContent, {stringTool("write", {"content"})});
    ASSERT_TRUE(raw);
    EXPECT_EQ(raw->name, "write");
    EXPECT_EQ(raw->arguments, (Obj{{"content", QString::fromStdString(writeContent)}}));

    auto grep = parseToolCall(
        R"(call:grep{include:<|"|>*.py<|"|>,output_mode:<|"|>content<|"|>,path:<|"|>/data/robotics/experiment1<|"|>,pattern:':\s*\w+'<|"|>})",
        {stringTool("grep", {"include", "output_mode", "path", "pattern"})});
    ASSERT_TRUE(grep);
    EXPECT_EQ(grep->arguments, (Obj{{"include", "*.py"},
                                    {"output_mode", "content"},
                                    {"path", "/data/robotics/experiment1"},
                                    {"pattern", R"(:\s*\w+)"}}));

    auto bash = parseToolCall(R"(call:bash{command:<|"|>ls})", {stringTool("bash", {"command"})});
    ASSERT_TRUE(bash);
    EXPECT_EQ(bash->arguments, (Obj{{"command", "ls"}}));
}

// TestParseGemma4ToolCall_RepairsMultipleProperties.
TEST(Gemma4ParseToolCall, RepairsMultipleProperties) {
    auto a = parseToolCall(R"(call:grep{include:<|"|>*.py<|"|>,pattern:'abc',path:<|"|>/tmp<|"|>})",
                           {stringTool("grep", {"include", "pattern", "path"})});
    ASSERT_TRUE(a);
    EXPECT_EQ(a->arguments, (Obj{{"include", "*.py"}, {"pattern", "abc"}, {"path", "/tmp"}}));
    auto b = parseToolCall(R"(call:bash{path:<|"|>/tmp<|"|>,command:<|"|>ls})",
                           {stringTool("bash", {"path", "command"})});
    ASSERT_TRUE(b);
    EXPECT_EQ(b->arguments, (Obj{{"path", "/tmp"}, {"command", "ls"}}));
    auto c = parseToolCall(R"(call:write{content:hello,mode:<|"|>fast<|"|>})",
                           {stringTool("write", {"content", "mode"})});
    ASSERT_TRUE(c);
    EXPECT_EQ(c->arguments, (Obj{{"content", "hello"}, {"mode", "fast"}}));
}

// TestParseGemma4ToolCall_DoesNotRepairNonTerminalUnclosedGemmaString.
TEST(Gemma4ParseToolCall, DoesNotRepairNonTerminalUnclosedGemmaString) {
    EXPECT_FALSE(parseToolCall(R"(call:example{first:<|"|>one,second:<|"|>two<|"|>})",
                               {stringTool("example", {"first", "second"})}));
}

// TestParseGemma4ToolCall_RawQuotedStructuralString.
TEST(Gemma4ParseToolCall, RawQuotedStructuralString) {
    const auto tc = parseToolCall(R"(call:foo{q:"a,b:c"})", {});
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->arguments, (Obj{{"q", "a,b:c"}}));
}

TEST(Gemma4ParseToolCall, ReportsWhyItFailed) {
    QString error;
    EXPECT_FALSE(parseToolCall("get_weather{}", {}, &error));
    EXPECT_EQ(error, "expected 'call:' prefix");
    EXPECT_FALSE(parseToolCall("call:get_weather", {}, &error));
    EXPECT_EQ(error, "expected '{' in tool call");
    EXPECT_TRUE(parseToolCall(" call:x{}", {}) == std::nullopt);
    // The name is trimmed; invalid UTF-8 inside strings is replaced as Go's decoder does.
    const auto tc = parseToolCall("call: spaced {s:\"a\xff\"}", {});
    ASSERT_TRUE(tc);
    EXPECT_EQ(tc->name, "spaced");
    EXPECT_EQ(tc->arguments, (Obj{{"s", QStringLiteral("a\uFFFD")}}));
}

// fmt's %v and the renderer's number rule (Go's strconv 'g' with shortest digits).
TEST(GoText, NumbersFormatLikeGo) {
    EXPECT_EQ(goFloat(3.14), "3.14");
    EXPECT_EQ(goFloat(1), "1");
    EXPECT_EQ(goFloat(100000), "100000");
    EXPECT_EQ(goFloat(123456), "123456");
    EXPECT_EQ(goFloat(1000000), "1e+06");
    EXPECT_EQ(goFloat(1234567), "1.234567e+06");
    EXPECT_EQ(goFloat(0.0001), "0.0001");
    EXPECT_EQ(goFloat(0.00001), "1e-05");
    EXPECT_EQ(goFloat(-2.5e-300), "-2.5e-300");
    EXPECT_EQ(goFloat(1e21), "1e+21");
    EXPECT_EQ(goFloat(0.1 + 0.2), "0.30000000000000004");
    EXPECT_EQ(goFloat(-0.0), "-0");
    EXPECT_EQ(goNumber(5432), "5432");
    EXPECT_EQ(goNumber(-0.0), "0");
    EXPECT_EQ(goNumber(1e15), "1000000000000000");
    EXPECT_EQ(goNumber(-9223372036854775808.0), "-9223372036854775808");
    EXPECT_EQ(goNumber(9223372036854775808.0), "9.223372036854776e+18");
    EXPECT_EQ(goNumber(1e20), "1e+20");
    EXPECT_EQ(goNumber(0.5), "0.5");
    EXPECT_EQ(goSprintV(QJsonValue(QJsonObject{{"b", 2}, {"a", QJsonArray{"x", true}}})),
              "map[a:[x true] b:2]");
    EXPECT_EQ(goSprintV(QJsonValue::Null), "<nil>");
}

TEST(GoText, SpaceAndTrimFollowUnicodeIsSpace) {
    EXPECT_EQ(trimSpace("\u00a0\u3000 x \u2028\n"), "x");
    EXPECT_EQ(trimSpace("\u200bx"), "\u200bx");     // zero-width space is not white space
    EXPECT_EQ(trimRightSpace("x \xff"), "x \xff");  // invalid bytes are not white space
    EXPECT_EQ(toUpper("string"), "STRING");
    EXPECT_EQ(toUpper("ärger\xff"), "ÄRGER\uFFFD");
}

}  // namespace
}  // namespace facet::chat::test
