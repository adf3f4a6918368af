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
//
// Adapters. Every request carries the conversation's adapter (ConversationSettings::activeAdapter:
// empty when none is chosen or it is turned off) and its strength; the engine restores a
// conversation's saved cache only under the adapter and strength it was computed with. When the
// engine cannot use a conversation's adapter (a file for another model, a damaged one), the answer
// fails with the engine's message, the conversation goes back to the base model (its adapter choice
// is cleared) and adapterFailed() says so.
//
// Comparison. compare() answers one prompt twice, from the base model and through the
// conversation's adapter, as two requests under their own state keys (compareStateKey) with no
// state file: the engine saves the conversation's cache before them and restores it after, so
// neither answer touches it, and nothing is written to the database. The answers come through
// comparisonDelta/Finished/Failed; the caller stores the one the user keeps.
#pragma once

#include "session/engine.h"

#include <QList>
#include <QObject>
#include <QString>

namespace facet::app {

class ConversationStore;
class EngineHost;
struct StoredMessage;

class ChatController : public QObject {
    Q_OBJECT
public:
    // Neither pointer is owned; both must outlive the controller.
    ChatController(EngineHost *engine, ConversationStore *store, QObject *parent = nullptr);

    // The engine's name for a conversation's KV state ("conversation-<id>").
    static QString stateKey(qint64 conversation);
    // The state keys of a comparison's two answers ("conversation-<id>-base" / "-adapter").
    static QString compareStateKey(qint64 conversation, bool adapted);

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
    // The adapter and strength the current (or last) request runs through ("": the base model).
    QString currentAdapter() const { return m_requestAdapter; }
    double currentAdapterStrength() const { return m_requestStrength; }

    // Sends the comparison of the answer after message `lastId` of the conversation's current
    // path (the path up to and including it; with `prompt` as a further user message when not
    // empty; `lastId` 0: the prompt alone): the base model's answer first, then the one through
    // the conversation's adapter (its choice, even while it is turned off). False with *error when
    // the conversation has no adapter or `lastId` is not on its path. A comparison still running is
    // cancelled.
    bool compare(qint64 conversation, qint64 lastId, const QString &prompt, QString *error);
    // Cancels the comparison's requests (each ends with comparisonFinished or comparisonFailed).
    void stopComparison();
    bool isComparing() const { return m_compareBase != 0 || m_compareAdapted != 0; }
    // The conversation and adapter of the comparison running or last run.
    qint64 comparisonConversation() const { return m_compareConversation; }
    QString comparisonAdapter() const { return m_compareAdapter; }
    double comparisonStrength() const { return m_compareStrength; }

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
    // The engine could not use the adapter `path` of `conversation` (the request also failed()
    // with the engine's message): the conversation now runs on the base model.
    void adapterFailed(qint64 conversation, const QString &path, const QString &error);

    // The comparison's answers; adapted: the one through the adapter, else the base model's.
    void comparisonDelta(bool adapted, const facet::session::ChatDelta &delta);
    void comparisonFinished(bool adapted, const facet::session::ChatStats &stats);
    void comparisonFailed(bool adapted, const QString &error, const QString &hint);

private:
    // The request for `messages` (a path, system prompt not included) under the conversation's
    // settings, state key and file.
    session::ChatRequest requestFor(qint64 conversation,
                                    const QList<StoredMessage> &messages) const;
    // Whether `error` of a request through `adapter` is about the adapter (then the conversation
    // falls back to the base model and adapterFailed() is emitted).
    bool dropFailedAdapter(qint64 conversation, const QString &adapter, const QString &error);

    EngineHost *m_engine;
    ConversationStore *m_store;
    quint64 m_nextRequest = 1;
    quint64 m_request = 0;
    qint64 m_requestConversation = 0;
    QString m_requestAdapter;
    double m_requestStrength = 1.0;
    quint64 m_compareBase = 0, m_compareAdapted = 0;  // running comparison requests (0: ended)
    qint64 m_compareConversation = 0;
    QString m_compareAdapter;
    double m_compareStrength = 1.0;
};

}  // namespace facet::app
