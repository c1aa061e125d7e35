#pragma once
// The campaign model's reader: the model the panels draw from, read on a worker thread through
// a connection of its own, again after a change and when another muster writes.
#include "app/model.hpp"
#include "app/session.hpp"

#include <cstdint>
#include <future>
#include <memory>
#include <string>

namespace muster::gui {

class ModelReader {
public:
    ModelReader() = default;
    ~ModelReader();
    ModelReader(const ModelReader&) = delete;
    ModelReader& operator=(const ModelReader&) = delete;

    /// Reads the file at `path` from now on (empty: none); nothing of the file before stays.
    void open(const std::string& path);
    /// The campaign changed (or may have): the model is read anew.
    void changed() { m_stale = true; }
    /// Once a frame: asks whether another muster wrote (once a second), starts a read the model
    /// needs, and takes one that is done. Returns what went wrong reading (empty: nothing).
    std::string poll(double now);
    /// Starts a read if one is needed and waits for it (a person waits for the screen).
    std::string settle(double now);
    const app::CampaignModel& model() const { return m_model; }
    /// Bumped whenever the model is read anew.
    int revision() const { return m_revision; }
    /// Whether a model of this file has been read.
    bool read_once() const { return m_read_once; }
    /// Whether a read is under way, and since when.
    bool loading() const { return m_loading.valid(); }
    double load_started() const { return m_load_started; }
    /// Whether the last look found another muster's change.
    bool noticed_outside_change() { return std::exchange(m_noticed, false); }
    const app::Session* session() const { return m_reader.get(); }

private:
    void reload(double now);
    std::string take(bool wait, double now);
    void look(double now);
    void wait_all();
    std::unique_ptr<app::Session> m_reader;  // its own connection: it reads the model, never writes
    std::future<app::CampaignModel> m_loading;
    std::future<std::int64_t> m_looking;  // the newest journal entry, asked for on a worker
    std::future<void> m_retired;          // the model shown before, being freed
    app::CampaignModel m_model;
    bool m_stale = true;
    bool m_read_once = false;
    bool m_noticed = false;
    double m_retry_at = 0;
    double m_load_started = 0;
    double m_last_look = -1;
    int m_revision = 0;
};

}  // namespace muster::gui
