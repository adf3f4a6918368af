// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Between the conversation database and the engine thread, with no widgets (QtCore only): what
// the engine is asked for a stored conversation, and what happens to a conversation's KV state.
//
// Requests. An answer to a conversation is asked for with the conversation's own settings (system
// prompt, sampling, thinking, answer length) and its current path up to the answer: failed
// answers with no text are left out (they are not what the model said), attachments are counted
// per message. The engine's signals for the request (and only for it) are passed on without the
// request id.
//
// KV state. The engine keeps one conversation's KV cache at a time and saves it when another
// conversation comes, when the model is unloaded and at exit, into the conversation's state file
// (ConversationStore::kvStatePath(), with the engine's token file beside it); reopening the
// conversation restores it. Every request names its conversation (stateKey) and that file
// (statePath). Deleting a conversation deletes its row and tells the engine to forget the
// conversation: the engine drops the cache if it holds it (so nothing is written again at the
// next switch or at exit) and deletes the state files, on its own thread, after whatever it is
// doing.
#pragma once

#include "session/engine.h"

#include <QObject>
#include <QString>

namespace facet::app {

class ConversationStore;
class EngineHost;

class ChatController : public QObject {
    Q_OBJECT
public:
    // Neither pointer is owned; both must outlive the controller.
    ChatController(EngineHost *engine, ConversationStore *store, QObject *parent = nullptr);

    // The engine's name for a conversation's KV state ("conversation-<id>").
    static QString stateKey(qint64 conversation);

    // What the engine is asked for the answer `answerId` (a message of `conversation`, usually
    // still empty): the conversation's settings and its current path before that message, its
    // state key and file. The request id is left 0.
    session::ChatRequest request(qint64 conversation, qint64 answerId) const;

    // Sends request(conversation, answerId) to the engine and returns its id. A request still
    // running is not cancelled: its signals are no longer passed on.
    quint64 send(qint64 conversation, qint64 answerId);
    // Cancels the current request (it ends with finished(), stop reason "cancelled").
    void stop();
    // The request whose signals are passed on (0: none).
    quint64 currentRequest() const { return m_request; }

    // Deletes the conversation (messages, attachments, state file: ConversationStore) and has the
    // engine forget its KV state. False with *error when the database refused; the engine is then
    // not told.
    bool deleteConversation(qint64 id, QString *error);

signals:
    // The engine's answer to the current request (see session::Engine).
    void started(int promptTokens, int reusedTokens);
    void delta(const facet::session::ChatDelta &delta);
    void finished(const facet::session::ChatStats &stats);
    void failed(const QString &error, const QString &hint);
    // The request's attachments: encoding progress (0 → 1), then their soft-token costs.
    void mediaProgress(double fraction);
    void media(const facet::session::ChatMedia &media);

private:
    EngineHost *m_engine;
    ConversationStore *m_store;
    quint64 m_nextRequest = 1;
    quint64 m_request = 0;
};

}  // namespace facet::app
