// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Port of Ollama's model/renderers/gemma4_reference_test.go (ollama/ollama at fb30760): every case
// of TestGemma4RendererMatchesReference with its expected string (produced by the E2B Jinja chat
// template, see tests/data/chat/), plus the other Gemma 4 renderer tests of that file. Fixture
// and case names are kept so the two can be compared side by side.
#include "chat_test_util.h"

#include "support/test_support.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace facet::chat::test {
namespace {

using Obj = QJsonObject;

// ---- Tool fixtures (bashRefTool() … searchTool() in the Go test) ---------------------------

Tool bashRef() {
    return tool("bash", "Run a command", {named("command", prop("string", "The command"))},
                {"command"});
}
Tool readRef() {
    return tool("read", "Read a file", {named("path", prop("string", "File path"))}, {"path"});
}
std::vector<Tool> bashRefTool() {
    return {bashRef()};
}
std::vector<Tool> bashAndReadRefTools() {
    return {bashRef(), readRef()};
}
std::vector<Tool> weatherTool() {
    return {tool("get_weather", "Get weather", {named("city", prop("string", "City"))})};
}
std::vector<Tool> addTool() {
    return {tool("add", "Add numbers", {named("a", prop("number")), named("b", prop("number"))})};
}
std::vector<Tool> flagTool() {
    return {tool("set_flag", "Set a flag", {named("enabled", prop("boolean", "Flag value"))})};
}
std::vector<Tool> modeTool() {
    ToolProperty mode = prop("string", "The mode");
    mode.enumValues = strings({"fast", "slow"});
    return {tool("set_mode", "Set mode", {named("mode", mode)})};
}
std::vector<Tool> bashSmallTool() {
    return {tool("bash", "Run", {named("command", prop("string", "Cmd"))}, {"command"})};
}
std::vector<Tool> nestedTool() {
    ToolProperty config = prop("object", "Config");
    config.properties = {{named("enabled", prop("boolean", "On/off"))}};
    return {tool("create", "Create item",
                 {named("name", prop("string", "Name")), named("config", config)})};
}
std::vector<Tool> arrayTool() {
    ToolProperty commands = prop("array", "Commands");
    commands.items = Obj{{"type", "string"}};
    return {tool("batch", "Run batch", {named("commands", commands)})};
}
std::vector<Tool> unionTopLevelTypeTool() {
    ToolProperty name = prop("string", "Name");
    name.type = {"string", "null"};
    return {tool("maybe_name", "Test nullable union", {named("name", name)})};
}
std::vector<Tool> anyOfTool() {
    ToolProperty value;
    value.anyOf = {prop("string"), prop("number")};
    value.description = "Value";
    return {tool("pick_value", "Pick a value", {named("value", value)})};
}
std::vector<Tool> configureTool() {
    return {tool("configure", "Configure", {named("config", prop("object", "Config"))})};
}
std::vector<Tool> batchArrayTool() {
    return {tool("batch", "Run batch", {named("ids", prop("array", "IDs"))})};
}
std::vector<Tool> countTool() {
    return {tool("count", "Count items", {named("n", prop("number"))})};
}
std::vector<Tool> enumNoDescTool() {
    ToolProperty level = prop("string");
    level.enumValues = strings({"low", "high"});
    return {tool("set_level", "Set level", {named("level", level)})};
}
std::vector<Tool> nestedRequiredTool() {
    ToolProperty profile = prop("object", "Profile");
    profile.required = {"name"};
    profile.properties = {
        {named("name", prop("string", "Name")), named("age", prop("number", "Age"))}};
    return {tool("create_user", "Create user", {named("profile", profile)})};
}
std::vector<Tool> calcTool() {
    return {tool("calc", "Calculate", {named("value", prop("number", "Value"))})};
}
std::vector<Tool> rawTool() {
    Tool t = tool("raw", "Raw input", {});
    t.properties.reset();  // parameters: {type: object} only
    return {t};
}
std::vector<Tool> moveTool() {
    return {tool("move", "Move", {named("x", prop("number", "X")), named("y", prop("number", "Y"))},
                 {"x", "y"})};
}
std::vector<Tool> arrayNoItemsTool() {
    return {tool("tag", "Tag items", {named("tags", prop("array", "Tags"))})};
}
std::vector<Tool> objectNoDescTool() {
    ToolProperty settings = prop("object");
    settings.properties = {{named("verbose", prop("boolean", "Verbose mode"))}};
    return {tool("update", "Update settings", {named("settings", settings)})};
}
std::vector<Tool> searchTool() {
    return {tool("search", "Search",
                 {named("query", prop("string", "Search query")), named("limit", prop("number")),
                  named("offset", prop("number", "Start offset"))})};
}

// ---- Expected declarations (…DeclRef in the Go test) ---------------------------------------

const std::string bashSmallDeclRef =
    R"(<|tool>declaration:bash{description:<|"|>Run<|"|>,parameters:{properties:{command:{description:<|"|>Cmd<|"|>,type:<|"|>STRING<|"|>}},required:[<|"|>command<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string nestedDeclRef =
    R"(<|tool>declaration:create{description:<|"|>Create item<|"|>,parameters:{properties:{config:{description:<|"|>Config<|"|>,properties:{enabled:{description:<|"|>On/off<|"|>,type:<|"|>BOOLEAN<|"|>}},type:<|"|>OBJECT<|"|>},name:{description:<|"|>Name<|"|>,type:<|"|>STRING<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string arrayDeclRef =
    R"(<|tool>declaration:batch{description:<|"|>Run batch<|"|>,parameters:{properties:{commands:{description:<|"|>Commands<|"|>,items:{type:<|"|>STRING<|"|>},type:<|"|>ARRAY<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string bashDeclRef =
    R"(<|tool>declaration:bash{description:<|"|>Run a command<|"|>,parameters:{properties:{command:{description:<|"|>The command<|"|>,type:<|"|>STRING<|"|>}},required:[<|"|>command<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string readDeclRef =
    R"(<|tool>declaration:read{description:<|"|>Read a file<|"|>,parameters:{properties:{path:{description:<|"|>File path<|"|>,type:<|"|>STRING<|"|>}},required:[<|"|>path<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string weatherDeclRef =
    R"(<|tool>declaration:get_weather{description:<|"|>Get weather<|"|>,parameters:{properties:{city:{description:<|"|>City<|"|>,type:<|"|>STRING<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string addDeclRef =
    R"(<|tool>declaration:add{description:<|"|>Add numbers<|"|>,parameters:{properties:{a:{type:<|"|>NUMBER<|"|>},b:{type:<|"|>NUMBER<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string flagDeclRef =
    R"(<|tool>declaration:set_flag{description:<|"|>Set a flag<|"|>,parameters:{properties:{enabled:{description:<|"|>Flag value<|"|>,type:<|"|>BOOLEAN<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string modeDeclRef =
    R"(<|tool>declaration:set_mode{description:<|"|>Set mode<|"|>,parameters:{properties:{mode:{description:<|"|>The mode<|"|>,enum:[<|"|>fast<|"|>,<|"|>slow<|"|>],type:<|"|>STRING<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string configureDeclRef =
    R"(<|tool>declaration:configure{description:<|"|>Configure<|"|>,parameters:{properties:{config:{description:<|"|>Config<|"|>,properties:{},type:<|"|>OBJECT<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string batchArrayDeclRef =
    R"(<|tool>declaration:batch{description:<|"|>Run batch<|"|>,parameters:{properties:{ids:{description:<|"|>IDs<|"|>,type:<|"|>ARRAY<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string countDeclRef =
    R"(<|tool>declaration:count{description:<|"|>Count items<|"|>,parameters:{properties:{n:{type:<|"|>NUMBER<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string enumNoDescDeclRef =
    R"(<|tool>declaration:set_level{description:<|"|>Set level<|"|>,parameters:{properties:{level:{enum:[<|"|>low<|"|>,<|"|>high<|"|>],type:<|"|>STRING<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string searchDeclRef =
    R"(<|tool>declaration:search{description:<|"|>Search<|"|>,parameters:{properties:{limit:{type:<|"|>NUMBER<|"|>},offset:{description:<|"|>Start offset<|"|>,type:<|"|>NUMBER<|"|>},query:{description:<|"|>Search query<|"|>,type:<|"|>STRING<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string arrayNoItemsDeclRef =
    R"(<|tool>declaration:tag{description:<|"|>Tag items<|"|>,parameters:{properties:{tags:{description:<|"|>Tags<|"|>,type:<|"|>ARRAY<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string objectNoDescDeclRef =
    R"(<|tool>declaration:update{description:<|"|>Update settings<|"|>,parameters:{properties:{settings:{properties:{verbose:{description:<|"|>Verbose mode<|"|>,type:<|"|>BOOLEAN<|"|>}},type:<|"|>OBJECT<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string nestedRequiredDeclRef =
    R"(<|tool>declaration:create_user{description:<|"|>Create user<|"|>,parameters:{properties:{profile:{description:<|"|>Profile<|"|>,properties:{age:{description:<|"|>Age<|"|>,type:<|"|>NUMBER<|"|>},name:{description:<|"|>Name<|"|>,type:<|"|>STRING<|"|>}},required:[<|"|>name<|"|>],type:<|"|>OBJECT<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string calcDeclRef =
    R"(<|tool>declaration:calc{description:<|"|>Calculate<|"|>,parameters:{properties:{value:{description:<|"|>Value<|"|>,type:<|"|>NUMBER<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string rawDeclRef =
    R"(<|tool>declaration:raw{description:<|"|>Raw input<|"|>,parameters:{type:<|"|>OBJECT<|"|>}}<tool|>)";
const std::string moveDeclRef =
    R"(<|tool>declaration:move{description:<|"|>Move<|"|>,parameters:{properties:{x:{description:<|"|>X<|"|>,type:<|"|>NUMBER<|"|>},y:{description:<|"|>Y<|"|>,type:<|"|>NUMBER<|"|>}},required:[<|"|>x<|"|>,<|"|>y<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>)";

Message developer(std::string content) {
    return system(std::move(content));  // "developer" is read as a system message
}

struct Case {
    std::string name;
    std::vector<Message> messages;
    std::vector<Tool> tools;
    bool think = false;
    std::string expected;
};

std::vector<Case> referenceCases() {
    return {
        // === Header block paths ===
        {"user_only", {user("Hello")}, {}, false, "<bos><|turn>user\nHello<turn|>\n<|turn>model\n"},
        {"system_user",
         {system("You are helpful."), user("Hi")},
         {},
         false,
         "<bos><|turn>system\nYou are helpful.<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"developer_user",
         {developer("You are helpful."), user("Hi")},
         {},
         false,
         "<bos><|turn>system\nYou are helpful.<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"tools_no_system",
         {user("Hi")},
         bashRefTool(),
         false,
         "<bos><|turn>system\n" + bashDeclRef + "<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"system_tools",
         {system("You are helpful."), user("Hi")},
         bashRefTool(),
         false,
         "<bos><|turn>system\nYou are helpful." + bashDeclRef +
             "<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"thinking_no_system",
         {user("Hi")},
         {},
         true,
         "<bos><|turn>system\n<|think|>\n<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"thinking_system",
         {system("You are helpful."), user("Hi")},
         {},
         true,
         "<bos><|turn>system\n<|think|>\nYou are helpful.<turn|>\n<|turn>user\nHi<turn|>\n<|turn>"
         "model\n"},
        {"thinking_tools",
         {user("Hi")},
         bashRefTool(),
         true,
         "<bos><|turn>system\n<|think|>\n" + bashDeclRef +
             "<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"thinking_system_tools",
         {system("You are helpful."), user("Hi")},
         bashRefTool(),
         true,
         "<bos><|turn>system\n<|think|>\nYou are helpful." + bashDeclRef +
             "<turn|>\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"developer_tools_thinking_trimmed",
         {developer("  Prefer terse answers.\nUse tools when needed.  "), user("Hi")},
         bashAndReadRefTools(),
         true,
         "<bos><|turn>system\n<|think|>\nPrefer terse answers.\nUse tools when needed." +
             bashDeclRef + readDeclRef + "<turn|>\n" + "<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"thinking_explicitly_disabled",
         {user("Hi")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n<|turn>model\n"},

        // === Message loop paths ===
        {"multi_turn",
         {system("You are helpful."), user("Hi"), assistant("Hello!"), user("More")},
         {},
         false,
         "<bos><|turn>system\nYou are helpful.<turn|>\n"
         "<|turn>user\nHi<turn|>\n"
         "<|turn>model\nHello!<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        {"tool_call_response",
         {system("You are helpful."), user("List files"),
          assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "file1.txt\nfile2.txt")},
         bashRefTool(),
         false,
         "<bos><|turn>system\nYou are helpful." + bashDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n<|tool_call>call:bash{command:" +
             q + "ls" + q + "}<tool_call|>" + "<|tool_response>response:bash{value:" + q +
             "file1.txt\nfile2.txt" + q + "}<tool_response|>"},
        {"tool_call_pending_response",
         {system("You are helpful."), user("List files"),
          assistant("Let me check.", {call("bash", Obj{{"command", "ls"}})})},
         bashRefTool(),
         false,
         "<bos><|turn>system\nYou are helpful." + bashDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n<|tool_call>call:bash{command:" +
             q + "ls" + q + "}<tool_call|>Let me check.<|tool_response>"},
        {"full_round_trip",
         {system("You are helpful."), user("List files"),
          assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "file1.txt\nfile2.txt"), assistant("Here are the files."),
          user("Read file1.txt")},
         bashAndReadRefTools(),
         false,
         "<bos><|turn>system\nYou are helpful." + bashDeclRef + readDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n<|tool_call>call:bash{command:" +
             q + "ls" + q + "}<tool_call|>" + "<|tool_response>response:bash{value:" + q +
             "file1.txt\nfile2.txt" + q + "}<tool_response|>" + "Here are the files.<turn|>\n" +
             "<|turn>user\nRead file1.txt<turn|>\n" + "<|turn>model\n"},
        {"multiple_tool_calls",  // skipJinja2 in the Go test (no ids: Jinja names both "read")
         {system("You are helpful."), user("List and read"),
          assistant("",
                    {call("bash", Obj{{"command", "ls"}}), call("read", Obj{{"path", "go.mod"}})}),
          toolResult("bash", "file1.txt\nfile2.txt"), toolResult("read", "module example.com/foo")},
         bashAndReadRefTools(),
         false,
         "<bos><|turn>system\nYou are helpful." + bashDeclRef + readDeclRef + "<turn|>\n" +
             "<|turn>user\nList and read<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_call>call:read{path:" + q + "go.mod" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "file1.txt\nfile2.txt" + q +
             "}<tool_response|>" + "<|tool_response>response:read{value:" + q +
             "module example.com/foo" + q + "}<tool_response|>"},
        {"multiple_tool_calls_with_thinking_ids_and_continuation",
         {system("You are a coding assistant."), user("List files, then read config."),
          assistant("",
                    {call("bash", Obj{{"command", "ls -la"}}, "call_bash"),
                     call("read", Obj{{"path", "config.json"}}, "call_read")},
                    "Need the directory listing before reading the config."),
          toolResult("", R"({"debug": true})", "call_read"),
          toolResult("", "config.json\nmain.go", "call_bash"), assistant("Config loaded.")},
         bashAndReadRefTools(),
         true,
         "<bos><|turn>system\n<|think|>\nYou are a coding assistant." + bashDeclRef + readDeclRef +
             "<turn|>\n" + "<|turn>user\nList files, then read config.<turn|>\n" +
             "<|turn>model\n<|channel>thought\nNeed the directory listing before reading the "
             "config.\n<channel|>" +
             "<|tool_call>call:bash{command:" + q + "ls -la" + q + "}<tool_call|>" +
             "<|tool_call>call:read{path:" + q + "config.json" + q + "}<tool_call|>" +
             "<|tool_response>response:read{value:" + q + R"({"debug": true})" + q +
             "}<tool_response|>" + "<|tool_response>response:bash{value:" + q +
             "config.json\nmain.go" + q + "}<tool_response|>" + "Config loaded.<turn|>\n" +
             "<|turn>model\n"},
        {"strip_thinking_history",
         {user("What is 2+2?"), assistant("<|channel>thought\nThinking...<channel|>4"),
          user("And 3+3?")},
         {},
         false,
         "<bos><|turn>user\nWhat is 2+2?<turn|>\n"
         "<|turn>model\n4<turn|>\n"
         "<|turn>user\nAnd 3+3?<turn|>\n"
         "<|turn>model\n"},
        // === Additional edge cases ported from original tests ===
        {"assistant_content_with_tool_call",
         {user("Weather?"),
          assistant("Let me check.", {call("get_weather", Obj{{"city", "Paris"}})}),
          toolResult("get_weather", "Sunny")},
         weatherTool(),
         false,
         "<bos><|turn>system\n" + weatherDeclRef + "<turn|>\n" + "<|turn>user\nWeather?<turn|>\n" +
             "<|turn>model\n<|tool_call>call:get_weather{city:" + q + "Paris" + q +
             "}<tool_call|>" + "<|tool_response>response:get_weather{value:" + q + "Sunny" + q +
             "}<tool_response|>" + "Let me check.<turn|>\n"},
        {"numeric_arguments",
         {user("Add"), assistant("", {call("add", Obj{{"a", 1.0}, {"b", 2.0}})}),
          toolResult("add", R"({"result": 3})")},
         addTool(),
         false,
         "<bos><|turn>system\n" + addDeclRef + "<turn|>\n" + "<|turn>user\nAdd<turn|>\n" +
             "<|turn>model\n<|tool_call>call:add{a:1,b:2}<tool_call|>" +
             "<|tool_response>response:add{value:" + q + R"({"result": 3})" + q +
             "}<tool_response|>"},
        {"boolean_argument",
         {user("Set flag"), assistant("", {call("set_flag", Obj{{"enabled", true}})}),
          toolResult("set_flag", "done")},
         flagTool(),
         false,
         "<bos><|turn>system\n" + flagDeclRef + "<turn|>\n" + "<|turn>user\nSet flag<turn|>\n" +
             "<|turn>model\n<|tool_call>call:set_flag{enabled:true}<tool_call|>" +
             "<|tool_response>response:set_flag{value:" + q + "done" + q + "}<tool_response|>"},
        {"tool_with_enum",
         {user("Test")},
         modeTool(),
         false,
         "<bos><|turn>system\n" + modeDeclRef + "<turn|>\n" +
             "<|turn>user\nTest<turn|>\n<|turn>model\n"},
        {"unicode_content",
         {user("こんにちは")},
         {},
         false,
         "<bos><|turn>user\nこんにちは<turn|>\n<|turn>model\n"},
        {"newlines_in_content",
         {user("Line 1\nLine 2\nLine 3")},
         {},
         false,
         "<bos><|turn>user\nLine 1\nLine 2\nLine 3<turn|>\n<|turn>model\n"},
        {"json_tool_response_then_user",
         {user("Weather?"), assistant("", {call("get_weather", Obj{{"city", "Tokyo"}})}),
          toolResult("get_weather", R"({"temperature": 15, "weather": "sunny"})"), user("Thanks!")},
         weatherTool(),
         false,
         "<bos><|turn>system\n" + weatherDeclRef + "<turn|>\n" + "<|turn>user\nWeather?<turn|>\n" +
             "<|turn>model\n<|tool_call>call:get_weather{city:" + q + "Tokyo" + q +
             "}<tool_call|>" + "<|tool_response>response:get_weather{value:" + q +
             R"({"temperature": 15, "weather": "sunny"})" + q + "}<tool_response|>" + "<turn|>\n" +
             "<|turn>user\nThanks!<turn|>\n" + "<|turn>model\n"},
        {"adjacent_assistants_continue_same_model_turn",
         {user("Start"), assistant("One."), assistant("Two."), user("More")},
         {},
         false,
         "<bos><|turn>user\nStart<turn|>\n"
         "<|turn>model\nOne.Two.<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        // === Ordering and whitespace edge cases ===
        {"sorted_args",
         {user("Go"),
          assistant("", {call("bash", Obj{{"zzz", "last"}, {"aaa", "first"}, {"mmm", "middle"}})}),
          toolResult("bash", "ok")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{aaa:" + q + "first" + q + ",mmm:" + q + "middle" +
             q + ",zzz:" + q + "last" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "ok" + q + "}<tool_response|>"},
        {"user_content_trimmed",
         {user("  hello  ")},
         {},
         false,
         "<bos><|turn>user\nhello<turn|>\n<|turn>model\n"},
        {"empty_tool_args",
         {user("Go"), assistant("", {call("bash", Obj{})}), toolResult("bash", "ok")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "ok" + q + "}<tool_response|>"},
        {"nested_object_tool",
         {user("Create")},
         nestedTool(),
         false,
         "<bos><|turn>system\n" + nestedDeclRef + "<turn|>\n" +
             "<|turn>user\nCreate<turn|>\n<|turn>model\n"},
        {"array_tool",
         {user("Batch")},
         arrayTool(),
         false,
         "<bos><|turn>system\n" + arrayDeclRef + "<turn|>\n" +
             "<|turn>user\nBatch<turn|>\n<|turn>model\n"},
        {"typed_property_union_type",
         {user("Hi")},
         unionTopLevelTypeTool(),
         false,
         "<bos><|turn>system\n"
         R"(<|tool>declaration:maybe_name{description:<|"|>Test nullable union<|"|>,parameters:{properties:{name:{description:<|"|>Name<|"|>,type:<|"|>['STRING', 'NULL']<|"|>}},type:<|"|>OBJECT<|"|>}}<tool|><turn|>)"
         "\n<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"assistant_whitespace_trimmed",
         {user("Hi"), assistant("  spaced  "), user("More")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n"
         "<|turn>model\nspaced<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        {"three_tool_responses",
         {user("Do three things"),
          assistant("", {call("bash", Obj{{"command", "a"}}), call("bash", Obj{{"command", "b"}}),
                         call("bash", Obj{{"command", "c"}})}),
          toolResult("bash", "result-a"), toolResult("bash", "result-b"),
          toolResult("bash", "result-c")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nDo three things<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "a" + q + "}<tool_call|>" +
             "<|tool_call>call:bash{command:" + q + "b" + q + "}<tool_call|>" +
             "<|tool_call>call:bash{command:" + q + "c" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "result-a" + q + "}<tool_response|>" +
             "<|tool_response>response:bash{value:" + q + "result-b" + q + "}<tool_response|>" +
             "<|tool_response>response:bash{value:" + q + "result-c" + q + "}<tool_response|>"},
        {"tool_calls_no_content",
         {user("Go"), assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "files")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "files" + q + "}<tool_response|>"},
        // === Coverage gap cases ===
        {"multiple_thinking_blocks",
         {user("Hi"), assistant("<|channel>Think1<channel|>Middle<|channel>Think2<channel|>Done"),
          user("More")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n"
         "<|turn>model\nMiddleDone<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        {"property_no_description",
         {user("Count")},
         countTool(),
         false,
         "<bos><|turn>system\n" + countDeclRef + "<turn|>\n" +
             "<|turn>user\nCount<turn|>\n<|turn>model\n"},
        {"system_message_trimmed",
         {system("  You are helpful.  "), user("Hi")},
         {},
         false,
         "<bos><|turn>system\nYou are helpful.<turn|>\n"
         "<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"nested_map_args",
         {user("Go"),
          assistant("", {call("configure", Obj{{"config", Obj{{"db", Obj{{"host", "localhost"},
                                                                         {"port", 5432.0}}}}}})}),
          toolResult("configure", "ok")},
         configureTool(),
         false,
         "<bos><|turn>system\n" + configureDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:configure{config:{db:{host:" + q + "localhost" + q +
             ",port:5432}}}<tool_call|>" + "<|tool_response>response:configure{value:" + q + "ok" +
             q + "}<tool_response|>"},
        {"array_in_args",
         {user("Go"), assistant("", {call("batch", Obj{{"ids", QJsonArray{1.0, 2.0, 3.0}}})}),
          toolResult("batch", "done")},
         batchArrayTool(),
         false,
         "<bos><|turn>system\n" + batchArrayDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:batch{ids:[1,2,3]}<tool_call|>" +
             "<|tool_response>response:batch{value:" + q + "done" + q + "}<tool_response|>"},
        {"mixed_array_args",
         {user("Go"), assistant("", {call("batch", Obj{{"ids", QJsonArray{"a", 1.0, true}}})}),
          toolResult("batch", "done")},
         batchArrayTool(),
         false,
         "<bos><|turn>system\n" + batchArrayDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:batch{ids:[" + q + "a" + q + ",1,true]}<tool_call|>" +
             "<|tool_response>response:batch{value:" + q + "done" + q + "}<tool_response|>"},
        {"enum_no_description",
         {user("Set")},
         enumNoDescTool(),
         false,
         "<bos><|turn>system\n" + enumNoDescDeclRef + "<turn|>\n" +
             "<|turn>user\nSet<turn|>\n<|turn>model\n"},
        {"system_whitespace_only",
         {system("   "), user("Hi")},
         {},
         false,
         "<bos><|turn>system\n<turn|>\n"
         "<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"empty_assistant_content",
         {user("Hi"), assistant(""), user("More")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n"
         "<|turn>model\n<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        {"map_arg_string_keys",
         {user("Go"), assistant("", {call("configure", Obj{{"config", Obj{{"key", "value"}}}})}),
          toolResult("configure", "ok")},
         configureTool(),
         false,
         "<bos><|turn>system\n" + configureDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:configure{config:{key:" + q + "value" + q +
             "}}<tool_call|>" + "<|tool_response>response:configure{value:" + q + "ok" + q +
             "}<tool_response|>"},
        {"mixed_desc_no_desc",
         {user("Search")},
         searchTool(),
         false,
         "<bos><|turn>system\n" + searchDeclRef + "<turn|>\n" +
             "<|turn>user\nSearch<turn|>\n<|turn>model\n"},
        // === Round 3 coverage gaps ===
        {"tool_content_trimmed",  // (the name is the Go test's; tool content is NOT trimmed)
         {user("Go"), assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "  result  ")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "  result  " + q + "}<tool_response|>"},
        {"empty_system_message",
         {system(""), user("Hi")},
         {},
         false,
         "<bos><|turn>system\n<turn|>\n"
         "<|turn>user\nHi<turn|>\n<|turn>model\n"},
        {"nested_object_with_required",
         {user("Create")},
         nestedRequiredTool(),
         false,
         "<bos><|turn>system\n" + nestedRequiredDeclRef + "<turn|>\n" +
             "<|turn>user\nCreate<turn|>\n<|turn>model\n"},
        {"float_argument",
         {user("Calc"), assistant("", {call("calc", Obj{{"value", 3.14}})}),
          toolResult("calc", "ok")},
         calcTool(),
         false,
         "<bos><|turn>system\n" + calcDeclRef + "<turn|>\n" + "<|turn>user\nCalc<turn|>\n" +
             "<|turn>model\n<|tool_call>call:calc{value:3.14}<tool_call|>" +
             "<|tool_response>response:calc{value:" + q + "ok" + q + "}<tool_response|>"},
        {"thinking_in_last_assistant",
         {user("Hi"), assistant("<|channel>thinking<channel|>Result")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n"
         "<|turn>model\nResult<turn|>\n"
         "<|turn>model\n"},
        {"tool_content_multiline_whitespace",
         {user("Go"), assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "\n  file1\n  file2\n")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "\n  file1\n  file2\n" + q +
             "}<tool_response|>"},
        {"tool_params_type_only",
         {user("Raw")},
         rawTool(),
         false,
         "<bos><|turn>system\n" + rawDeclRef + "<turn|>\n" +
             "<|turn>user\nRaw<turn|>\n<|turn>model\n"},
        {"multiple_required",
         {user("Move")},
         moveTool(),
         false,
         "<bos><|turn>system\n" + moveDeclRef + "<turn|>\n" +
             "<|turn>user\nMove<turn|>\n<|turn>model\n"},
        {"assistant_only_thinking",
         {user("Hi"), assistant("<|channel>just thinking<channel|>"), user("More")},
         {},
         false,
         "<bos><|turn>user\nHi<turn|>\n"
         "<|turn>model\n<turn|>\n"
         "<|turn>user\nMore<turn|>\n"
         "<|turn>model\n"},
        // === Round 4: final coverage gaps ===
        {"thinking_with_tool_calls",
         {system("You are helpful."), user("List files"),
          assistant("<|channel>I should use bash<channel|>",
                    {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "file1.txt"), assistant("Here are the files."), user("Thanks")},
         bashSmallTool(),
         true,
         "<bos><|turn>system\n<|think|>\nYou are helpful." + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "file1.txt" + q + "}<tool_response|>" +
             "Here are the files.<turn|>\n" + "<|turn>user\nThanks<turn|>\n" + "<|turn>model\n"},
        {"array_without_items",
         {user("Tag")},
         arrayNoItemsTool(),
         false,
         "<bos><|turn>system\n" + arrayNoItemsDeclRef + "<turn|>\n" +
             "<|turn>user\nTag<turn|>\n<|turn>model\n"},
        {"object_no_desc_with_properties",
         {user("Update")},
         objectNoDescTool(),
         false,
         "<bos><|turn>system\n" + objectNoDescDeclRef + "<turn|>\n" +
             "<|turn>user\nUpdate<turn|>\n<|turn>model\n"},
        // === Round 5: coding agent patterns ===
        {"chained_tool_calls",
         {user("Set up the project"), assistant("", {call("bash", Obj{{"command", "mkdir src"}})}),
          toolResult("bash", ""),
          assistant("", {call("bash", Obj{{"command", "touch src/main.go"}})}),
          toolResult("bash", ""), assistant("Done."), user("Thanks")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nSet up the project<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "mkdir src" + q +
             "}<tool_call|>" + "<|tool_response>response:bash{value:" + q + q +
             "}<tool_response|>" + "<|tool_call>call:bash{command:" + q + "touch src/main.go" + q +
             "}<tool_call|>" + "<|tool_response>response:bash{value:" + q + q +
             "}<tool_response|>" + "Done.<turn|>\n" + "<|turn>user\nThanks<turn|>\n" +
             "<|turn>model\n"},
        {"tool_call_thinking_with_remaining_content",
         {user("List files"),
          assistant("<|channel>I need to check the directory<channel|>Let me list the files.",
                    {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "main.go\ngo.mod"), user("OK")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n<|tool_call>call:bash{command:" +
             q + "ls" + q + "}<tool_call|>" + "<|tool_response>response:bash{value:" + q +
             "main.go\ngo.mod" + q + "}<tool_response|>" + "Let me list the files.<turn|>\n" +
             "<|turn>user\nOK<turn|>\n" + "<|turn>model\n"},
        {"argument_with_newlines",
         {user("Run it"), assistant("", {call("bash", Obj{{"command", "echo hello\necho world"}})}),
          toolResult("bash", "hello\nworld")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nRun it<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + "echo hello\necho world" + q +
             "}<tool_call|>" + "<|tool_response>response:bash{value:" + q + "hello\nworld" + q +
             "}<tool_response|>"},
        {"empty_string_argument",
         {user("Go"), assistant("", {call("bash", Obj{{"command", ""}})}),
          toolResult("bash", "error")},
         bashSmallTool(),
         false,
         "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" + "<|turn>user\nGo<turn|>\n" +
             "<|turn>model\n<|tool_call>call:bash{command:" + q + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "error" + q + "}<tool_response|>"},
        {"null_tool_arguments",
         {user("Set optional"),
          assistant("", {call("set_optional", Obj{{"nested", Obj{{"value", QJsonValue::Null}}},
                                                  {"value", QJsonValue::Null}})})},
         {},
         false,
         "<bos><|turn>user\nSet optional<turn|>\n"
         "<|turn>model\n<|tool_call>call:set_optional{nested:{value:null},value:null}<tool_call|>"
         "<|tool_response>"},
        {"historical_tool_call_thinking_omitted_before_later_user",
         {user("List files"),
          assistant("", {call("bash", Obj{{"command", "ls"}})},
                    "Need the file list before answering."),
          toolResult("bash", "file1.txt"), user("Now answer")},
         bashSmallTool(),
         true,
         "<bos><|turn>system\n<|think|>\n" + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n" +
             "<|tool_call>call:bash{command:" + q + "ls" + q + "}<tool_call|>" +
             "<|tool_response>response:bash{value:" + q + "file1.txt" + q + "}<tool_response|>" +
             "<turn|>\n" + "<|turn>user\nNow answer<turn|>\n" + "<|turn>model\n"},
        {"terminal_tool_response_adds_thinking_cue_when_thinking_enabled",
         {user("List files"), assistant("", {call("bash", Obj{{"command", "ls"}})}),
          toolResult("bash", "file1.txt")},
         bashSmallTool(),
         true,
         "<bos><|turn>system\n<|think|>\n" + bashSmallDeclRef + "<turn|>\n" +
             "<|turn>user\nList files<turn|>\n" + "<|turn>model\n<|tool_call>call:bash{command:" +
             q + "ls" + q + "}<tool_call|>" + "<|tool_response>response:bash{value:" + q +
             "file1.txt" + q + "}<tool_response|>" + "<|channel>thought\n"},
    };
}

Conversation conversationOf(const Case &c) {
    Conversation conv;
    conv.messages = c.messages;
    conv.tools = c.tools;
    conv.think = c.think;
    return conv;
}

class Gemma4Reference : public ::testing::TestWithParam<Case> {};

// TestGemma4RendererMatchesReference.
TEST_P(Gemma4Reference, RendersExactly) {
    const Case &c = GetParam();
    const Conversation conv = conversationOf(c);
    const RenderedPrompt p = render(conv);
    EXPECT_EQ(p.text, c.expected);
    expectValidSpans(p, conv);
}

// The same case read back from its /api/chat JSON form renders the same text.
TEST_P(Gemma4Reference, RendersTheSameFromRequestJson) {
    const Case &c = GetParam();
    const QByteArray json = QJsonDocument(toRequestJson(conversationOf(c))).toJson();
    QString error;
    const Conversation parsed = parseConversationJson(json, &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    EXPECT_EQ(render(parsed).text, c.expected);
}

INSTANTIATE_TEST_SUITE_P(Ollama, Gemma4Reference, ::testing::ValuesIn(referenceCases()),
                         [](const ::testing::TestParamInfo<Case> &p) { return p.param.name; });

// Writes every case as {"name","request","expected"} lines for the Jinja cross-check in
// tests/data/chat/check_reference_with_jinja.py; only runs when FACET_DUMP_CHAT_CASES names a file.
// Writes every reference case as one JSON line (request + expected prompt) for
// tests/data/chat/jinja_gemma4.py `check`: to $FACET_DUMP_CHAT_CASES when set, else to a temporary
// file. Either way the dump is read back and each request must render to its expected prompt.
TEST(Gemma4ReferenceDump, WritesCasesForJinjaCheck) {
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QByteArray env = qgetenv("FACET_DUMP_CHAT_CASES");
    const QString path =
        env.isEmpty() ? tmp.filePath(QStringLiteral("cases.jsonl")) : QString::fromLocal8Bit(env);
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    for (const Case &c : referenceCases()) {
        const QJsonObject line{{"name", QString::fromStdString(c.name)},
                               {"request", toRequestJson(conversationOf(c))},
                               {"expected", QString::fromStdString(c.expected)}};
        f.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    }
    f.close();
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    size_t lines = 0;
    while (!f.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(f.readLine()).object();
        QString error;
        const Conversation conv = parseConversationJson(
            QJsonDocument(line.value(QStringLiteral("request")).toObject()).toJson(), &error);
        ASSERT_TRUE(error.isEmpty()) << error.toStdString();
        EXPECT_EQ(render(conv).text,
                  line.value(QStringLiteral("expected")).toString().toStdString())
            << line.value(QStringLiteral("name")).toString().toStdString();
        ++lines;
    }
    EXPECT_EQ(lines, referenceCases().size());
}

// TestGemma4RendererVariantsMatchExpectedGenerationPrompt.
TEST(Gemma4RendererVariants, GenerationPrompt) {
    Conversation c;
    c.messages = {user("Hello")};
    EXPECT_EQ(render(c).text, "<bos><|turn>user\nHello<turn|>\n<|turn>model\n");
    EXPECT_EQ(render(c, TemplateVariant::Small).text,
              "<bos><|turn>user\nHello<turn|>\n<|turn>model\n");
    EXPECT_EQ(render(c, TemplateVariant::Large).text,
              "<bos><|turn>user\nHello<turn|>\n<|turn>model\n<|channel>thought\n<channel|>");
}

// TestGemma4LargeRendererOmitsEmptyThoughtBlockWhenThinkingEnabled.
TEST(Gemma4RendererVariants, LargeOmitsEmptyThoughtBlockWhenThinking) {
    Conversation c;
    c.messages = {user("Hello")};
    c.think = true;
    const std::string got = render(c, TemplateVariant::Large).text;
    EXPECT_EQ(got,
              "<bos><|turn>system\n<|think|>\n<turn|>\n<|turn>user\nHello<turn|>\n<|turn>model\n");
    EXPECT_EQ(got.find("<|channel>thought\n<channel|>"), std::string::npos);
}

// TestGemma4RendererCanonicalToolContinuations.
TEST(Gemma4RendererVariants, CanonicalToolContinuations) {
    Conversation c;
    c.messages = {user("Use the tool"),
                  assistant("First."),
                  assistant("Checking.", {call("bash", Obj{{"command", QJsonValue::Null}})}),
                  toolResult("bash", "done"),
                  assistant("Done."),
                  user("Next")};
    c.tools = bashSmallTool();
    const std::string base = "<bos><|turn>system\n" + bashSmallDeclRef + "<turn|>\n" +
                             "<|turn>user\nUse the tool<turn|>\n" + "<|turn>model\nFirst." +
                             "<|tool_call>call:bash{command:null}<tool_call|>" +
                             "<|tool_response>response:bash{value:" + q + "done" + q +
                             "}<tool_response|>" + "Checking.Done.<turn|>\n" +
                             "<|turn>user\nNext<turn|>\n<|turn>model\n";
    for (TemplateVariant v : {TemplateVariant::Small, TemplateVariant::Large}) {
        const std::string want =
            v == TemplateVariant::Small ? base : base + "<|channel>thought\n<channel|>";
        const std::string got = render(c, v).text;
        EXPECT_EQ(got, want);
        EXPECT_EQ(got.find("First.<turn|>\n<|tool_call>"), std::string::npos);
        EXPECT_EQ(got.find("Checking.<turn|>\nDone."), std::string::npos);
    }
}

// TestGemma4RendererNormalizesSimpleAnyOfToTypedUnion.
TEST(Gemma4RendererTools, NormalizesSimpleAnyOfToTypedUnion) {
    Conversation c;
    c.messages = {user("Pick")};
    c.tools = anyOfTool();
    EXPECT_NE(render(c).text.find(
                  R"(value:{description:<|"|>Value<|"|>,type:<|"|>['STRING', 'NUMBER']<|"|>})"),
              std::string::npos);
}

Conversation listAndReadWithoutIds(Message toolMessage) {
    Conversation c;
    c.messages = {user("List and read"),
                  assistant("", {call("bash", Obj{{"command", "ls"}}),
                                 call("read", Obj{{"path", "go.mod"}})}),
                  std::move(toolMessage)};
    c.tools = bashAndReadRefTools();
    return c;
}

// TestGemma4RendererToolResponseWithoutNameOrIDUsesUnknown.
TEST(Gemma4RendererTools, ToolResponseWithoutNameOrIdUsesUnknown) {
    const std::string got = render(listAndReadWithoutIds(toolResult("", "payload"))).text;
    EXPECT_NE(got.find(R"(response:unknown{value:<|"|>payload<|"|>})"), std::string::npos);
    EXPECT_EQ(got.find(R"(response:read{value:<|"|>payload<|"|>})"), std::string::npos);
}

// TestGemma4RendererKnownJinja2Differences (the renderer side; the Jinja side is checked against
// the template in tests/data/chat/jinja_parity.json).
TEST(Gemma4RendererTools, KnownJinjaDifferences) {
    Conversation anyOf;
    anyOf.messages = {user("Pick")};
    anyOf.tools = anyOfTool();
    EXPECT_NE(render(anyOf).text.find(
                  R"(value:{description:<|"|>Value<|"|>,type:<|"|>['STRING', 'NUMBER']<|"|>})"),
              std::string::npos);
    EXPECT_NE(render(listAndReadWithoutIds(toolResult("bash", "payload")))
                  .text.find(R"(response:bash{value:<|"|>payload<|"|>})"),
              std::string::npos);
    EXPECT_NE(render(listAndReadWithoutIds(toolResult("", "payload")))
                  .text.find(R"(response:unknown{value:<|"|>payload<|"|>})"),
              std::string::npos);
}

// TestGemma4SizeTemplateFixturesDifferAtGenerationPrompt: the two official templates kept in
// tests/data/chat differ exactly in the large model's empty thought block.
TEST(Gemma4Templates, SizeFixturesDifferAtGenerationPrompt) {
    auto read = [](const char *name) {
        QFile f(facet::test::dataDir() + QStringLiteral("/chat/") + QLatin1String(name));
        EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
        return f.readAll();
    };
    const QByteArray e2b = read("gemma4_e2b_chat_template.jinja2");
    const QByteArray large = read("gemma4_31b_chat_template.jinja2");
    EXPECT_TRUE(e2b.contains("{{- '<|turn>model\\n' -}}"));
    EXPECT_FALSE(e2b.contains("{{- '<|channel>thought\\n<channel|>' -}}"));
    EXPECT_TRUE(large.contains("{{- '<|turn>model\\n' -}}"));
    EXPECT_TRUE(large.contains("{{- '<|channel>thought\\n<channel|>' -}}"));
}

}  // namespace
}  // namespace facet::chat::test
