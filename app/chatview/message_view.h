// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What the chat shows of one message: plain data the controller fills from the conversation
// store and the engine. The view never reads the database or talks to the engine.
#pragma once

#include <QImage>
#include <QList>
#include <QString>

namespace facet::app {

struct ToolCallView {
    QString name;
    QString argumentsJson;  // shown pretty-printed when it is valid JSON, as given otherwise
};

struct AttachmentView {
    enum class Kind { Image, Audio };
    Kind kind = Kind::Image;
    QString name;
    QImage thumbnail;       // images: shown scaled to fit 160x120 (any size may be given)
    qint64 durationMs = 0;  // audio
    // What the attachment costs in the context: the model's soft tokens for it (0: unknown).
    int softTokens = 0;
};

struct MessageView {
    enum class Role { System, User, Assistant, Tool };

    qint64 id = 0;
    Role role = Role::User;
    QString content;        // Markdown (tool messages: the tool's result, shown as monospace text)
    QString thinking;       // the model's reasoning (Markdown), shown collapsible above the answer
    qint64 thinkingMs = 0;  // how long the model thought (0: unknown; "Thoughts")
    QList<ToolCallView> toolCalls;
    QList<AttachmentView> attachments;
    QString statsText;    // under an assistant message ("42 tokens · 31.5 tokens/s")
    QString error;        // what went wrong, shown in an error box inside the message
    QString errorHint;    // what to do about it
    QString toolName;     // tool messages: which tool answered (optional)
    int branchIndex = 0;  // 0-based; "‹ 2/3 ›" shows branchIndex + 1
    int branchCount = 1;
    bool streaming = false;  // the answer is still being written
};

}  // namespace facet::app
