// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat_controller.h"

#include "conversation_store.h"
#include "engine_host.h"
#include "media/media_encoder.h"

#include <QJsonObject>
#include <QJsonValue>

namespace facet::app {

namespace {

chat::Role chatRole(const QString &role) {
    if (role == QLatin1String("system")) return chat::Role::System;
    if (role == QLatin1String("assistant")) return chat::Role::Assistant;
    if (role == QLatin1String("tool")) return chat::Role::Tool;
    return chat::Role::User;
}

// The engine's sampling parameters for a conversation's settings (the penalty window and the rest
// stay at the engine's defaults).
sampling::SamplingParams samplingParams(const SamplingSettings &s) {
    sampling::SamplingParams p;
    p.temperature = float(s.temperature);
    p.topK = s.topK;
    p.topP = float(s.topP);
    p.minP = float(s.minP);
    p.repetitionPenalty = float(s.repetitionPenalty);
    p.presencePenalty = float(s.presencePenalty);
    p.frequencyPenalty = float(s.frequencyPenalty);
    p.hasSeed = s.fixedSeed;
    p.seed = s.seed;
    return p;
}

chat::Message chatMessage(const StoredMessage &m) {
    chat::Message msg;
    msg.role = chatRole(m.role);
    msg.content = m.content.toStdString();
    msg.thinking = m.thinking.toStdString();
    for (const QJsonValue &call : m.toolCalls) {
        const QJsonObject o = call.toObject();
        chat::ToolCall tc;
        tc.name = o.value(QLatin1String("name")).toString().toStdString();
        tc.arguments = o.value(QLatin1String("arguments")).toObject();
        msg.toolCalls.push_back(std::move(tc));
    }
    // The bytes go along: the engine encodes each attachment (and caches it by content).
    for (const StoredAttachment &a : m.attachments) {
        if (a.kind == StoredAttachment::Kind::Image) {
            ++msg.images;
            msg.imageData.push_back(a.data);
        } else {
            ++msg.audios;
            msg.audioData.push_back(media::wavFromPcm16(a.data, 16000));
        }
    }
    return msg;
}

}  // namespace

ChatController::ChatController(EngineHost *engine, ConversationStore *store, QObject *parent)
    : QObject(parent), m_engine(engine), m_store(store) {
    connect(m_engine, &EngineHost::chatStarted, this,
            [this](quint64 id, int promptTokens, int reusedTokens) {
                if (id != 0 && id == m_request) emit started(promptTokens, reusedTokens);
            });
    connect(m_engine, &EngineHost::chatDelta, this, [this](const session::ChatDelta &d) {
        if (d.id != 0 && d.id == m_request) emit delta(d);
    });
    connect(m_engine, &EngineHost::chatFinished, this, [this](const session::ChatStats &s) {
        if (s.id == 0 || s.id != m_request) return;
        m_request = 0;
        emit finished(s);
    });
    connect(m_engine, &EngineHost::mediaProgress, this, [this](quint64 id, double fraction) {
        if (id != 0 && id == m_request) emit mediaProgress(fraction);
    });
    connect(m_engine, &EngineHost::chatMedia, this, [this](const session::ChatMedia &m) {
        if (m.id != 0 && m.id == m_request) emit media(m);
    });
    connect(m_engine, &EngineHost::chatFailed, this,
            [this](quint64 id, const QString &error, const QString &hint) {
                if (id == 0 || id != m_request) return;
                m_request = 0;
                emit failed(error, hint);
            });
}

QString ChatController::stateKey(qint64 conversation) {
    return QStringLiteral("conversation-%1").arg(conversation);
}

session::ChatRequest ChatController::request(qint64 conversation, qint64 answerId) const {
    const ConversationSettings settings = m_store->settings(conversation);
    session::ChatRequest request;
    request.conversation.think = settings.think;
    if (!settings.systemPrompt.trimmed().isEmpty()) {
        chat::Message system;
        system.role = chat::Role::System;
        system.content = settings.systemPrompt.toStdString();
        request.conversation.messages.push_back(std::move(system));
    }
    for (const StoredMessage &m : m_store->currentPath(conversation)) {
        if (m.id == answerId) break;
        if (m.role == QLatin1String("assistant") && !m.error.isEmpty() && m.content.isEmpty())
            continue;  // a failed answer is not part of what the model said
        request.conversation.messages.push_back(chatMessage(m));
    }
    request.sampling = samplingParams(settings.sampling);
    request.maxTokens = settings.sampling.maxTokens;
    request.stateKey = stateKey(conversation);
    request.statePath = m_store->kvStatePath(conversation);
    return request;
}

quint64 ChatController::send(qint64 conversation, qint64 answerId) {
    session::ChatRequest r = request(conversation, answerId);
    r.id = m_nextRequest++;
    m_request = r.id;
    emit m_engine->chat(r);
    return r.id;
}

void ChatController::stop() {
    if (m_request != 0) emit m_engine->cancel(m_request);
}

bool ChatController::deleteConversation(qint64 id, QString *error) {
    const QString statePath = m_store->kvStatePath(id);  // empty once the row is gone
    if (!m_store->deleteConversation(id, error)) return false;
    emit m_engine->forgetConversation(stateKey(id), statePath);
    return true;
}

}  // namespace facet::app
