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
                // The answer's failure first (it names the adapter), then the fallback.
                emit failed(error, hint);
                dropFailedAdapter(m_requestConversation, m_requestAdapter, error);
            });

    // The comparison's two requests.
    const auto side = [this](quint64 id) -> int {
        if (id == 0) return -1;
        if (id == m_compareBase) return 0;
        if (id == m_compareAdapted) return 1;
        return -1;
    };
    connect(m_engine, &EngineHost::chatDelta, this, [this, side](const session::ChatDelta &d) {
        const int s = side(d.id);
        if (s >= 0) emit comparisonDelta(s == 1, d);
    });
    connect(m_engine, &EngineHost::chatFinished, this,
            [this, side](const session::ChatStats &stats) {
                const int s = side(stats.id);
                if (s < 0) return;
                (s == 1 ? m_compareAdapted : m_compareBase) = 0;
                emit comparisonFinished(s == 1, stats);
            });
    connect(m_engine, &EngineHost::chatFailed, this,
            [this, side](quint64 id, const QString &error, const QString &hint) {
                const int s = side(id);
                if (s < 0) return;
                (s == 1 ? m_compareAdapted : m_compareBase) = 0;
                emit comparisonFailed(s == 1, error, hint);
                if (s == 1) dropFailedAdapter(m_compareConversation, m_compareAdapter, error);
            });
}

QString ChatController::stateKey(qint64 conversation) {
    return QStringLiteral("conversation-%1").arg(conversation);
}

QString ChatController::compareStateKey(qint64 conversation, bool adapted) {
    return stateKey(conversation) +
           (adapted ? QStringLiteral("-adapter") : QStringLiteral("-base"));
}

session::ChatRequest ChatController::requestFor(qint64 conversation,
                                                const QList<StoredMessage> &messages) const {
    const ConversationSettings settings = m_store->settings(conversation);
    session::ChatRequest request;
    request.conversation.think = settings.think;
    if (!settings.systemPrompt.trimmed().isEmpty()) {
        chat::Message system;
        system.role = chat::Role::System;
        system.content = settings.systemPrompt.toStdString();
        request.conversation.messages.push_back(std::move(system));
    }
    for (const StoredMessage &m : messages) {
        if (m.role == QLatin1String("assistant") && !m.error.isEmpty() && m.content.isEmpty())
            continue;  // a failed answer is not part of what the model said
        request.conversation.messages.push_back(chatMessage(m));
    }
    request.sampling = samplingParams(settings.sampling);
    request.maxTokens = settings.sampling.maxTokens;
    request.stateKey = stateKey(conversation);
    request.statePath = m_store->kvStatePath(conversation);
    request.adapter = settings.activeAdapter();
    request.adapterStrength = float(settings.adapterStrength);
    return request;
}

session::ChatRequest ChatController::request(qint64 conversation, qint64 answerId) const {
    QList<StoredMessage> before;
    for (const StoredMessage &m : m_store->currentPath(conversation)) {
        if (m.id == answerId) break;
        before.append(m);
    }
    return requestFor(conversation, before);
}

quint64 ChatController::send(qint64 conversation, qint64 answerId) {
    session::ChatRequest r = request(conversation, answerId);
    r.id = m_nextRequest++;
    m_request = r.id;
    m_requestConversation = conversation;
    m_requestAdapter = r.adapter;
    m_requestStrength = r.adapterStrength;
    emit m_engine->chat(r);
    return r.id;
}

bool ChatController::compare(qint64 conversation, qint64 lastId, const QString &prompt,
                             QString *error) {
    const ConversationSettings settings = m_store->settings(conversation);
    if (settings.adapterPath.isEmpty()) {
        if (error)
            *error =
                tr("Choose an adapter for this conversation to compare it with the "
                   "base model.");
        return false;
    }
    QList<StoredMessage> path;
    bool found = lastId == 0;  // 0: from the start (a prompt in a conversation with no messages)
    for (const StoredMessage &m : m_store->currentPath(conversation)) {
        if (found) break;
        path.append(m);
        found = m.id == lastId;
    }
    if (!found) {
        if (error) *error = tr("That message is no longer part of the conversation.");
        return false;
    }
    if (!prompt.isEmpty()) {
        StoredMessage user;
        user.role = QStringLiteral("user");
        user.content = prompt;
        path.append(user);
    }
    if (path.isEmpty() || path.last().role != QLatin1String("user")) {
        if (error) *error = tr("There is no question to compare the answers to.");
        return false;
    }
    stopComparison();
    session::ChatRequest base = requestFor(conversation, path);
    // Neither answer may touch the conversation's cache or state file.
    base.statePath.clear();
    session::ChatRequest adapted = base;
    base.stateKey = compareStateKey(conversation, false);
    base.adapter.clear();
    adapted.stateKey = compareStateKey(conversation, true);
    adapted.adapter = settings.adapterPath;
    adapted.adapterStrength = float(settings.adapterStrength);
    base.id = m_nextRequest++;
    adapted.id = m_nextRequest++;
    m_compareBase = base.id;
    m_compareAdapted = adapted.id;
    m_compareConversation = conversation;
    m_compareAdapter = adapted.adapter;
    m_compareStrength = settings.adapterStrength;
    emit m_engine->chat(base);
    emit m_engine->chat(adapted);
    return true;
}

void ChatController::stopComparison() {
    // Cancelled requests still end with a signal; the ids stay until then.
    if (m_compareBase != 0) emit m_engine->cancel(m_compareBase);
    if (m_compareAdapted != 0) emit m_engine->cancel(m_compareAdapted);
}

bool ChatController::dropFailedAdapter(qint64 conversation, const QString &adapter,
                                       const QString &error) {
    // The engine's adapter messages name the adapter, or say that adapters need the GPU.
    if (adapter.isEmpty() || conversation == 0 ||
        !error.contains(QLatin1String("adapter"), Qt::CaseInsensitive)) {
        return false;
    }
    ConversationSettings settings = m_store->settings(conversation);
    if (settings.adapterPath == adapter) {
        settings.adapterPath.clear();
        settings.adapterEnabled = true;
        settings.adapterStrength = 1.0;
        QString why;
        m_store->setSettings(conversation, settings, &why);
    }
    emit adapterFailed(conversation, adapter, error);
    return true;
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
