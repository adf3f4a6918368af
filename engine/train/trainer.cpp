// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/trainer.h"

#include "train/adapter_io.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstring>
#include <limits>

namespace facet::train {

namespace {

bool fail(QString *error, const QString &why) {
    if (error) *error = why;
    return false;
}

// What a checkpoint must agree on to be resumed.
QJsonObject runIdentity(const TrainConfig &c, size_t train, size_t validation) {
    return QJsonObject{
        {QStringLiteral("rank"), c.lora.rank},
        {QStringLiteral("alpha"), double(c.lora.alpha)},
        {QStringLiteral("dropout"), double(c.lora.dropout)},
        {QStringLiteral("rslora"), c.lora.rsLora},
        {QStringLiteral("learning_rate"), c.learningRate},
        {QStringLiteral("schedule"),
         QString::fromLatin1(lrScheduleName(c.schedule).data(),
                             qsizetype(lrScheduleName(c.schedule).size()))},
        {QStringLiteral("warmup_fraction"), c.warmupFraction},
        {QStringLiteral("epochs"), c.epochs},
        {QStringLiteral("max_steps"), qint64(c.maxSteps)},
        {QStringLiteral("batch_tokens"), c.batchTokens},
        {QStringLiteral("seed"), QString::number(c.seed)},
        {QStringLiteral("train_examples"), qint64(train)},
        {QStringLiteral("validation_examples"), qint64(validation)},
    };
}

bool finite(const LoraAdapter &a) {
    for (const LoraMatrix *m : a.matrices()) {
        for (const float v : m->a)
            if (!std::isfinite(v)) return false;
        for (const float v : m->b)
            if (!std::isfinite(v)) return false;
    }
    return true;
}

void addScaled(LoraAdapter &dst, const LoraAdapter &src, double w) {
    const std::vector<LoraMatrix *> d = dst.matrices();
    const std::vector<const LoraMatrix *> s = src.matrices();
    for (size_t i = 0; i < d.size(); ++i) {
        for (size_t k = 0; k < d[i]->a.size(); ++k)
            d[i]->a[k] += float(double(s[i]->a[k]) * w);
        for (size_t k = 0; k < d[i]->b.size(); ++k)
            d[i]->b[k] += float(double(s[i]->b[k]) * w);
    }
}

}  // namespace

int countedTargets(const TokenizedExample &e) {
    int n = 0;
    for (size_t i = 1; i < e.trained.size() && i < e.ids.size(); ++i)
        n += e.trained[i] ? 1 : 0;
    return n;
}

ReferenceLoss ReferenceLossBackend::evaluate(const TokenizedExample &e, const LoraAdapter &adapter,
                                             QString *) {
    const std::vector<int32_t> targets = nextTokenTargets(e);
    return referenceLoss(m_model, &adapter, e.ids, targets, nullptr, std::nullopt);
}

bool ReferenceLossBackend::beginStep(const LoraAdapter &adapter, QString *) {
    m_adapter = adapter;
    m_sum = adapter.zerosLike();
    return true;
}

ReferenceLoss ReferenceLossBackend::accumulate(const TokenizedExample &e, double weight,
                                               uint64_t dropoutSeed, QString *error) {
    if (!m_adapter || !m_sum) {
        if (error) *error = QStringLiteral("internal error: accumulate() before beginStep()");
        return {std::numeric_limits<double>::quiet_NaN(), 0};
    }
    LoraAdapter one = m_adapter->zerosLike();
    const std::vector<int32_t> targets = nextTokenTargets(e);
    const ReferenceLoss l = referenceLoss(m_model, &*m_adapter, e.ids, targets, &one, dropoutSeed);
    addScaled(*m_sum, one, weight);
    return l;
}

bool ReferenceLossBackend::gradients(LoraAdapter *grads, QString *error) {
    if (!m_sum) {
        if (error) *error = QStringLiteral("internal error: gradients() before beginStep()");
        return false;
    }
    *grads = *m_sum;
    return true;
}

Trainer::Trainer(const model::Gemma4Config &config, const TrainConfig &c, LoraAdapter adapter,
                 LossBackend &backend)
    : m_modelConfig(config),
      m_config(c),
      m_adapter(std::move(adapter)),
      m_optimizer(c.adamw, m_adapter),
      m_backend(backend) {}

std::unique_ptr<Trainer> Trainer::create(const model::Gemma4Config &config,
                                         const TrainConfig &train,
                                         std::vector<TokenizedExample> trainSet,
                                         std::vector<TokenizedExample> validationSet,
                                         LossBackend &backend, const QString &outDir,
                                         QString *error) {
    if (trainSet.empty()) {
        fail(error, QStringLiteral("there is no training example to learn from"));
        return nullptr;
    }
    if (train.epochs < 1 || train.batchTokens < 1 || !(train.learningRate > 0) ||
        !std::isfinite(train.learningRate)) {
        fail(error, QStringLiteral("epochs, tokens per step and the learning rate must be "
                                   "positive"));
        return nullptr;
    }
    std::optional<LoraAdapter> adapter = LoraAdapter::create(config, train.lora, train.seed, error);
    if (!adapter) return nullptr;
    std::unique_ptr<Trainer> t(new Trainer(config, train, std::move(*adapter), backend));
    t->m_train = std::move(trainSet);
    t->m_validation = std::move(validationSet);
    t->m_dir = outDir;

    // The step plan: each epoch's shuffled order cut into steps of about batchTokens tokens.
    for (int e = 0; e < train.epochs; ++e) {
        const std::vector<int> order = shuffledIndices(
            int(t->m_train.size()), train.seed + 0x9E3779B97F4A7C15ull * uint64_t(e + 1));
        std::vector<std::vector<int>> steps;
        std::vector<int> current;
        qint64 tokens = 0;
        for (const int i : order) {
            current.push_back(i);
            tokens += t->m_train[size_t(i)].trainedTokens();
            if (tokens >= train.batchTokens) {
                steps.push_back(std::move(current));
                current.clear();
                tokens = 0;
            }
        }
        if (!current.empty()) steps.push_back(std::move(current));
        t->m_totalSteps += int64_t(steps.size());
        t->m_epochs.push_back(std::move(steps));
    }
    if (train.maxSteps > 0) t->m_totalSteps = std::min(t->m_totalSteps, train.maxSteps);

    if (!QDir().mkpath(outDir)) {
        fail(error,
             QStringLiteral("cannot create the folder %1").arg(QDir::toNativeSeparators(outDir)));
        return nullptr;
    }
    if (!t->restore(error)) return nullptr;
    return t;
}

namespace {
bool noResidentOptimizer(QString *error) {
    if (error) *error = QStringLiteral("internal error: this backend has no optimizer of its own");
    return false;
}
}  // namespace

std::vector<ReferenceLoss> LossBackend::accumulatePacked(
    std::span<const TokenizedExample *const> examples, double, QString *error) {
    if (error) *error = QStringLiteral("internal error: this backend does not pack examples");
    return std::vector<ReferenceLoss>(examples.size(),
                                      ReferenceLoss{std::numeric_limits<double>::quiet_NaN(), 0});
}

ReferenceLoss LossBackend::evaluateResident(const TokenizedExample &, QString *error) {
    noResidentOptimizer(error);
    return {std::numeric_limits<double>::quiet_NaN(), 0};
}

bool LossBackend::loadState(const LoraAdapter &, const AdamW &, QString *error) {
    return noResidentOptimizer(error);
}
bool LossBackend::beginResidentStep(QString *error) {
    return noResidentOptimizer(error);
}
bool LossBackend::residentGradientNorm(double *, QString *error) {
    return noResidentOptimizer(error);
}
bool LossBackend::residentStep(double, double, QString *error) {
    return noResidentOptimizer(error);
}
bool LossBackend::readState(LoraAdapter *, AdamW *, QString *error) {
    return noResidentOptimizer(error);
}

std::vector<int> Trainer::stepExamples(int64_t step) const {
    for (const auto &epoch : m_epochs) {
        if (step < int64_t(epoch.size())) return epoch[size_t(step)];
        step -= int64_t(epoch.size());
    }
    return {};
}

std::optional<double> Trainer::validationLoss() {
    double sum = 0;
    qint64 tokens = 0;
    for (const TokenizedExample &e : m_validation) {
        QString error;
        // A resident optimizer's backend evaluates its own adapter (m_adapter's values at the
        // evaluation steps, synced just before): nothing crosses to the GPU.
        const ReferenceLoss l = m_backend.residentOptimizer()
                                    ? m_backend.evaluateResident(e, &error)
                                    : m_backend.evaluate(e, m_adapter, &error);
        if (!std::isfinite(l.loss) && !error.isEmpty()) return std::nullopt;
        sum += l.loss * l.counted;
        tokens += l.counted;
    }
    if (tokens == 0) return std::nullopt;
    return sum / double(tokens);
}

bool Trainer::run(const std::function<bool(const TrainProgress &)> &progress, QString *error) {
    ScheduleConfig sched;
    sched.kind = m_config.schedule;
    sched.peak = m_config.learningRate;
    sched.totalSteps = int(m_totalSteps);
    sched.warmupSteps = int(std::lround(m_config.warmupFraction * double(m_totalSteps)));
    sched.cycles = m_config.cycles;
    QElapsedTimer timer;
    // With a resident optimizer m_adapter and m_optimizer are current only after sync().
    const bool resident = m_backend.residentOptimizer();
    if (resident && !m_backend.loadState(m_adapter, m_optimizer, error)) return false;
    const auto sync = [&] {
        return !resident || m_backend.readState(&m_adapter, &m_optimizer, error);
    };
    while (m_step < m_totalSteps) {
        timer.start();
        const std::vector<int> examples = stepExamples(m_step);
        qint64 tokens = 0;
        for (const int i : examples)
            tokens += countedTargets(m_train[size_t(i)]);
        if (!(resident ? m_backend.beginResidentStep(error)
                       : m_backend.beginStep(m_adapter, error)))
            return false;
        double loss = 0;
        const int pack = m_config.lora.dropout > 0 ? 0 : m_backend.packTokens();
        if (pack > 0) {
            // Sequence packing: the step's examples in order, as many a pass as fit.
            std::vector<const TokenizedExample *> group;
            qint64 groupTokens = 0;
            const auto flush = [&]() -> bool {
                if (group.empty()) return true;
                QString why;
                const std::vector<ReferenceLoss> ls = m_backend.accumulatePacked(
                    group, tokens > 0 ? 1.0 / double(tokens) : 0.0, &why);
                if (!why.isEmpty()) return fail(error, why);
                for (size_t k = 0; k < group.size(); ++k) {
                    loss += ls[k].loss *
                            (tokens > 0 ? double(countedTargets(*group[k])) / double(tokens) : 0);
                }
                group.clear();
                groupTokens = 0;
                return true;
            };
            for (const int i : examples) {
                const TokenizedExample &e = m_train[size_t(i)];
                if (groupTokens + qint64(e.ids.size()) > pack && !flush()) return false;
                group.push_back(&e);
                groupTokens += qint64(e.ids.size());
            }
            if (!flush()) return false;
        } else {
            for (size_t k = 0; k < examples.size(); ++k) {
                const TokenizedExample &e = m_train[size_t(examples[k])];
                uint64_t seed = m_config.seed ^ (uint64_t(m_step) << 20) ^ uint64_t(k);
                const double w = tokens > 0 ? double(countedTargets(e)) / double(tokens) : 0.0;
                QString why;
                const ReferenceLoss l = m_backend.accumulate(e, w, splitMix64(&seed), &why);
                if (!why.isEmpty()) return fail(error, why);
                loss += l.loss * w;
            }
        }
        std::optional<LoraAdapter> grads;
        double norm = 0;
        if (resident) {
            if (!m_backend.residentGradientNorm(&norm, error)) return false;
        } else {
            grads = m_adapter.zerosLike();
            if (!m_backend.gradients(&*grads, error)) return false;
            norm = clipGradients(*grads, m_config.maxGradNorm);
        }
        if (!std::isfinite(loss) || !std::isfinite(norm)) {
            const QString kept =
                QFile::exists(QDir(m_dir).filePath(QStringLiteral("checkpoint/state.json")))
                    ? QStringLiteral("the last checkpoint in %1 is kept")
                          .arg(QDir::toNativeSeparators(m_dir))
                    : QStringLiteral("no checkpoint was written yet");
            return fail(error, QStringLiteral("training stopped at step %1: the %2 is not a "
                                              "finite number (the learning rate is probably too "
                                              "high; lower it and start again); %3")
                                   .arg(m_step + 1)
                                   .arg(std::isfinite(loss) ? QStringLiteral("gradient")
                                                            : QStringLiteral("loss"))
                                   .arg(kept));
        }
        const double lr = learningRate(sched, int(m_step));
        if (resident) {
            // clipGradients' factor, applied inside the optimizer's step.
            const double coef = m_config.maxGradNorm > 0
                                    ? std::min(1.0, m_config.maxGradNorm / (norm + 1e-6))
                                    : 1.0;
            if (!m_backend.residentStep(lr, coef, error)) return false;
        } else if (!m_optimizer.step(m_adapter, *grads, lr, error)) {
            return false;
        }
        ++m_step;
        const bool last = m_step >= m_totalSteps;
        const bool evaluate = (m_config.evalEvery > 0 && m_step % m_config.evalEvery == 0) || last;
        const bool wantCheckpoint =
            last || (m_config.checkpointEvery > 0 && m_step % m_config.checkpointEvery == 0);
        if (resident && (evaluate || wantCheckpoint) && !sync()) return false;
        if ((!resident || evaluate || wantCheckpoint) && !finite(m_adapter)) {
            return fail(error, QStringLiteral("training stopped at step %1: the adapter's "
                                              "weights are no longer finite numbers (the "
                                              "learning rate is probably too high); the last "
                                              "checkpoint in %2 is kept")
                                   .arg(m_step)
                                   .arg(QDir::toNativeSeparators(m_dir)));
        }
        TrainProgress p;
        p.step = m_step;
        p.totalSteps = m_totalSteps;
        int64_t s = m_step - 1;
        for (const auto &epoch : m_epochs) {
            if (s < int64_t(epoch.size())) break;
            s -= int64_t(epoch.size());
            ++p.epoch;
        }
        p.loss = loss;
        p.lr = lr;
        p.gradNorm = norm;
        p.tokens = tokens;
        p.tokensPerSecond = double(tokens) / std::max(1e-9, double(timer.nsecsElapsed()) / 1e9);
        if (evaluate) p.validationLoss = validationLoss();
        if (wantCheckpoint) {
            if (!checkpoint(error)) return false;
            p.checkpointed = true;
        }
        if (progress && !progress(p)) {
            if (!p.checkpointed && !(sync() && checkpoint(error))) return false;
            return true;  // paused
        }
    }
    return writeFinal(error);
}

bool Trainer::checkpoint(QString *error) {
    const QDir dir(m_dir);
    const QString fresh = dir.filePath(QStringLiteral("checkpoint-new"));
    const QString current = dir.filePath(QStringLiteral("checkpoint"));
    const QString old = dir.filePath(QStringLiteral("checkpoint-old"));
    QDir(fresh).removeRecursively();
    if (!savePeftAdapter(m_adapter, QDir(fresh).filePath(QStringLiteral("adapter")),
                         m_config.baseModel, PeftNames::Multimodal, error))
        return false;
    QByteArray moments;
    for (const std::vector<float> *v : {&m_optimizer.firstMoment(), &m_optimizer.secondMoment()})
        moments.append(reinterpret_cast<const char *>(v->data()), qsizetype(v->size() * 4));
    QJsonObject state = runIdentity(m_config, m_train.size(), m_validation.size());
    state.insert(QStringLiteral("step"), qint64(m_step));
    state.insert(QStringLiteral("optimizer_steps"), qint64(m_optimizer.steps()));
    if (!writeFileWhole(QDir(fresh).filePath(QStringLiteral("optimizer.bin")), moments, error) ||
        !writeFileWhole(QDir(fresh).filePath(QStringLiteral("state.json")),
                        QJsonDocument(state).toJson(), error))
        return false;
    // Swap it in: the previous checkpoint stays whole until the new one has its name.
    QDir(old).removeRecursively();
    if (QFileInfo::exists(current) && !QDir().rename(current, old))
        return fail(error, QStringLiteral("cannot replace the checkpoint in %1").arg(m_dir));
    if (!QDir().rename(fresh, current))
        return fail(error, QStringLiteral("cannot write the checkpoint in %1").arg(m_dir));
    QDir(old).removeRecursively();
    return true;
}

bool Trainer::restore(QString *error) {
    const QDir dir(m_dir);
    QString cp = dir.filePath(QStringLiteral("checkpoint"));
    // A crash between the two renames of checkpoint() leaves only the previous one.
    if (!QFileInfo::exists(cp) && QFileInfo::exists(dir.filePath(QStringLiteral("checkpoint-old"))))
        cp = dir.filePath(QStringLiteral("checkpoint-old"));
    QFile sf(QDir(cp).filePath(QStringLiteral("state.json")));
    if (!sf.exists()) return true;  // a fresh run
    if (!sf.open(QIODevice::ReadOnly))
        return fail(error,
                    QStringLiteral("cannot read %1: %2").arg(sf.fileName(), sf.errorString()));
    const QJsonObject state = QJsonDocument::fromJson(sf.readAll()).object();
    const QJsonObject identity = runIdentity(m_config, m_train.size(), m_validation.size());
    for (auto it = identity.begin(); it != identity.end(); ++it) {
        if (state.value(it.key()) != it.value()) {
            return fail(error, QStringLiteral("%1 holds a checkpoint of another run (%2 differs); "
                                              "choose another output folder, or the same settings "
                                              "and data to resume it")
                                   .arg(QDir::toNativeSeparators(m_dir), it.key()));
        }
    }
    const int64_t step = state.value(QStringLiteral("step")).toInteger(-1);
    const int64_t optSteps = state.value(QStringLiteral("optimizer_steps")).toInteger(-1);
    const QString broken =
        QStringLiteral("the checkpoint in %1 is damaged (%2); delete the folder to start again");
    if (step < 0 || step > m_totalSteps || optSteps < 0)
        return fail(error, broken.arg(QDir::toNativeSeparators(cp), QStringLiteral("its step")));
    QString why;
    const std::optional<LoraAdapter> saved =
        loadPeftAdapter(QDir(cp).filePath(QStringLiteral("adapter")), m_modelConfig, &why);
    if (!saved) return fail(error, broken.arg(QDir::toNativeSeparators(cp), why));
    for (int i = 0; i < m_adapter.layerCount(); ++i) {
        for (int t = 0; t < kLoraTargetCount; ++t) {
            LoraMatrix *mine = m_adapter.find(i, LoraTarget(t));
            const LoraMatrix *theirs = saved->find(i, LoraTarget(t));
            if (!mine) continue;
            if (!theirs || theirs->a.size() != mine->a.size() || theirs->b.size() != mine->b.size())
                return fail(error, broken.arg(QDir::toNativeSeparators(cp),
                                              QStringLiteral("its adapter's shapes")));
            mine->a = theirs->a;
            mine->b = theirs->b;
        }
    }
    QFile of(QDir(cp).filePath(QStringLiteral("optimizer.bin")));
    const size_t n = size_t(m_adapter.parameterCount());
    if (!of.open(QIODevice::ReadOnly) || of.size() != qint64(2 * n * 4))
        return fail(error,
                    broken.arg(QDir::toNativeSeparators(cp), QStringLiteral("optimizer.bin")));
    const QByteArray bytes = of.readAll();
    std::vector<float> m(n), v(n);
    std::memcpy(m.data(), bytes.constData(), n * 4);
    std::memcpy(v.data(), bytes.constData() + qsizetype(n * 4), n * 4);
    if (!m_optimizer.restore(optSteps, std::move(m), std::move(v)))
        return fail(error,
                    broken.arg(QDir::toNativeSeparators(cp), QStringLiteral("optimizer.bin")));
    m_step = step;
    m_resumed = true;
    return true;
}

bool Trainer::writeFinal(QString *error) {
    const QDir dir(m_dir);
    return savePeftAdapter(m_adapter, dir.filePath(QStringLiteral("adapter")), m_config.baseModel,
                           PeftNames::Multimodal, error) &&
           saveGgufLora(m_adapter, dir.filePath(QStringLiteral("adapter.gguf")), error);
}

}  // namespace facet::train
