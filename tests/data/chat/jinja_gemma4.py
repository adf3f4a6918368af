#!/usr/bin/env python3
"""Reference outputs of Google's Gemma 4 chat template (Jinja2) for Facet's chat tests.

The two templates next to this file are the ones Ollama checks its renderer against
(ollama/ollama model/renderers/testdata, E2B = small models, 31B = large models).

  jinja_gemma4.py generate        rewrites jinja_parity.json: the cases of Ollama's
                                  TestGemma4RendererMatchesJinja2ExpandedParity and
                                  TestGemma4RendererKnownJinja2Differences, rendered by both templates
  jinja_gemma4.py check CASES     checks the expected strings of the ported reference test against
                                  the E2B template; CASES is written by
                                  FACET_DUMP_CHAT_CASES=CASES facet_chat_tests \
                                      --gtest_filter=Gemma4ReferenceDump.*

Needs the jinja2 package. Requests use the Ollama /api/chat shape; they are converted to the
template's input the way Ollama's test does (thinking -> reasoning, tool_name -> name).
"""
import json
import os
import sys

from jinja2 import Environment

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATES = {
    "small": "gemma4_e2b_chat_template.jinja2",
    "large": "gemma4_31b_chat_template.jinja2",
}
# Reference cases whose expected string is Ollama's, not the template's (the Go test skips them).
OLLAMA_ONLY = {"multiple_tool_calls"}


def render(request, variant="small"):
    with open(os.path.join(HERE, TEMPLATES[variant]), encoding="utf-8") as f:
        template = Environment().from_string(f.read())
    messages = []
    for m in request.get("messages", []):
        jm = {"role": m["role"], "content": m.get("content", "")}
        if m.get("thinking"):
            jm["reasoning"] = m["thinking"]
        if m.get("tool_calls"):
            jm["tool_calls"] = []
            for tc in m["tool_calls"]:
                jtc = {"function": {"name": tc["function"]["name"],
                                    "arguments": tc["function"].get("arguments", {})}}
                if tc.get("id"):
                    jtc["id"] = tc["id"]
                jm["tool_calls"].append(jtc)
        if m.get("tool_name"):
            jm["name"] = m["tool_name"]
        if m.get("tool_call_id"):
            jm["tool_call_id"] = m["tool_call_id"]
        messages.append(jm)
    kwargs = {"messages": messages, "bos_token": "<bos>", "add_generation_prompt": True}
    if request.get("tools"):
        kwargs["tools"] = request["tools"]
    if request.get("think"):
        kwargs["enable_thinking"] = True
    return template.render(**kwargs)


def fn(name, description, properties, required=None):
    params = {"type": "object", "properties": properties}
    if required:
        params["required"] = required
    return {"type": "function",
            "function": {"name": name, "description": description, "parameters": params}}


def prop(type_, description=None, **extra):
    p = {"type": type_}
    if description:
        p["description"] = description
    p.update(extra)
    return p


BASH_REF = fn("bash", "Run a command", {"command": prop("string", "The command")}, ["command"])
READ_REF = fn("read", "Read a file", {"path": prop("string", "File path")}, ["path"])
BASH_SMALL = fn("bash", "Run", {"command": prop("string", "Cmd")}, ["command"])


def call(name, args, id_=None):
    c = {"function": {"name": name, "arguments": args}}
    if id_:
        c["id"] = id_
    return c


def user(text):
    return {"role": "user", "content": text}


PARITY = [
    ("adjacent_assistants_continue_same_model_turn",
     {"messages": [user("Start"), {"role": "assistant", "content": "One."},
                   {"role": "assistant", "content": "Two."}, user("More")]}),
    ("thinking_field_on_pending_tool_call",
     {"messages": [user("List files"),
                   {"role": "assistant", "content": "Let me check.", "thinking": "I should use bash",
                    "tool_calls": [call("bash", {"command": "ls"})]}],
      "tools": [BASH_REF]}),
    ("thinking_field_ignored_before_later_user",
     {"messages": [user("List files"),
                   {"role": "assistant", "content": "Let me check.", "thinking": "I should use bash",
                    "tool_calls": [call("bash", {"command": "ls"})]},
                   {"role": "tool", "tool_name": "bash", "content": "file1.txt"},
                   user("Thanks")],
      "tools": [BASH_REF]}),
    ("tool_response_name_resolved_from_tool_call_id",
     {"messages": [user("List and read"),
                   {"role": "assistant", "content": "",
                    "tool_calls": [call("bash", {"command": "ls"}, "call_bash"),
                                   call("read", {"path": "go.mod"}, "call_read")]},
                   {"role": "tool", "tool_call_id": "call_read", "content": "module example.com/foo"},
                   {"role": "tool", "tool_call_id": "call_bash", "content": "file1.txt\nfile2.txt"}],
      "tools": [BASH_REF, READ_REF]}),
    ("adjacent_assistants_after_tool_response_continue_same_model_turn",
     {"messages": [user("Go"),
                   {"role": "assistant", "content": "",
                    "tool_calls": [call("bash", {"command": "ls"})]},
                   {"role": "tool", "tool_name": "bash", "content": "file1.txt"},
                   {"role": "assistant", "content": "First."},
                   {"role": "assistant", "content": "Second."},
                   user("Next")],
      "tools": [BASH_SMALL]}),
    ("thinking_enabled_with_pending_tool_call",
     {"messages": [{"role": "system", "content": "You are helpful."}, user("List files"),
                   {"role": "assistant", "content": "", "thinking": "Use bash",
                    "tool_calls": [call("bash", {"command": "ls"})]}],
      "tools": [BASH_SMALL], "think": True}),
    ("array_items_object_with_required",
     {"messages": [user("Upsert entries")],
      "tools": [fn("upsert_batch", "Upsert batch", {"entries": prop(
          "array", "Entries", items={
              "type": "object", "required": ["id"],
              "properties": {"id": prop("string", "ID"), "count": prop("number", "Count")}})})]}),
    ("array_items_object_with_nested_object_and_array_properties",
     {"messages": [user("Plan steps")],
      "tools": [fn("plan_batch", "Plan batch", {"steps": prop(
          "array", "Steps", items={
              "type": "object", "required": ["name"],
              "properties": {
                  "name": prop("string", "Name"),
                  "config": prop("object", "Config", required=["enabled"],
                                 properties={"enabled": prop("boolean", "Enabled")}),
                  "tags": prop("array", "Tags", items={"type": "string"})}})})]}),
    ("array_items_nested_array_of_objects",
     {"messages": [user("Schedule jobs")],
      "tools": [fn("schedule_jobs", "Schedule jobs", {"jobs": prop(
          "array", "Jobs", items={
              "type": "object", "required": ["tasks"],
              "properties": {"tasks": prop("array", "Tasks", items={
                  "type": "object", "required": ["command"],
                  "properties": {"command": prop("string", "Command"),
                                 "timeout": prop("number", "Timeout")}})}})})]}),
    ("array_items_union_type",
     {"messages": [user("Maybe batch")],
      "tools": [fn("maybe_batch", "Maybe batch",
                   {"values": prop("array", "Values", items={"type": ["string", "null"]})})]}),
    ("array_items_nested_nullable_properties",
     {"messages": [user("Annotate batch")],
      "tools": [fn("annotate_batch", "Annotate batch", {"entries": prop(
          "array", "Entries", items={
              "type": "object", "required": ["note"],
              "properties": {
                  "note": prop("string", "Note", nullable=True),
                  "metadata": prop("object", "Metadata", nullable=True,
                                   properties={"tag": prop("string", "Tag")})}})})]}),
    ("array_items_extra_keys",
     {"messages": [user("Configure batch")],
      "tools": [fn("configure_batch", "Configure batch", {"settings": prop(
          "array", "Settings", items={
              "type": "object", "additionalProperties": False, "default": {"mode": "auto"},
              "nullable": True, "required": ["mode"],
              "properties": {"mode": prop("string", "Mode")}})})]}),
    ("typed_property_union_type",
     {"messages": [user("Hi")],
      "tools": [fn("maybe_name", "Test nullable union",
                   {"name": {"type": ["string", "null"], "description": "Name"}})]}),
]

LIST_AND_READ = [user("List and read"),
                 {"role": "assistant", "content": "",
                  "tool_calls": [call("bash", {"command": "ls"}), call("read", {"path": "go.mod"})]}]

KNOWN_DIFFERENCES = [
    ("typed_property_anyof",
     {"messages": [user("Pick")],
      "tools": [fn("pick_value", "Pick a value", {"value": {
          "anyOf": [{"type": "string"}, {"type": "number"}], "description": "Value"}})]},
     '<|"|>', 'value:{description:<|"|>Value<|"|>,type:<|"|><|"|>}',
     'value:{description:<|"|>Value<|"|>,type:<|"|>[\'STRING\', \'NUMBER\']<|"|>}'),
    ("tool_response_name_not_overridden_without_tool_call_id",
     {"messages": LIST_AND_READ + [{"role": "tool", "tool_name": "bash", "content": "payload"}],
      "tools": [BASH_REF, READ_REF]},
     None, 'response:read{value:<|"|>payload<|"|>}', 'response:bash{value:<|"|>payload<|"|>}'),
    ("tool_response_without_name_or_id_uses_unknown",
     {"messages": LIST_AND_READ + [{"role": "tool", "content": "payload"}],
      "tools": [BASH_REF, READ_REF]},
     None, 'response:read{value:<|"|>payload<|"|>}', 'response:unknown{value:<|"|>payload<|"|>}'),
]


def generate():
    out = {
        "about": "Generated by jinja_gemma4.py generate from the Gemma 4 Jinja templates in this "
                 "folder. Cases: Ollama's TestGemma4RendererMatchesJinja2ExpandedParity and "
                 "TestGemma4RendererKnownJinja2Differences (model/renderers/"
                 "gemma4_reference_test.go).",
        "parity": [],
        "known_differences": [],
    }
    for name, request in PARITY:
        out["parity"].append({"name": name, "request": request,
                              "small": render(request, "small"),
                              "large": render(request, "large")})
    for name, request, _, jinja_fragment, facet_fragment in KNOWN_DIFFERENCES:
        jinja = render(request, "small")
        assert jinja_fragment in jinja, (name, jinja)
        out["known_differences"].append({"name": name, "request": request, "jinja": jinja,
                                         "jinja_fragment": jinja_fragment,
                                         "facet_fragment": facet_fragment})
    with open(os.path.join(HERE, "jinja_parity.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")


def check(path):
    failures = 0
    count = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            case = json.loads(line)
            if case["name"] in OLLAMA_ONLY:
                continue
            count += 1
            got = render(case["request"])
            if got != case["expected"]:
                failures += 1
                print("MISMATCH", case["name"])
                print("  jinja:   ", repr(got))
                print("  expected:", repr(case["expected"]))
    print(f"{count - failures}/{count} reference cases equal the Jinja template output")
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "generate":
        generate()
    elif len(sys.argv) == 3 and sys.argv[1] == "check":
        sys.exit(check(sys.argv[2]))
    else:
        sys.exit(__doc__)
