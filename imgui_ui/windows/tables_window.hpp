#pragma once
#include "app/odds.hpp"
#include "window.hpp"

#include <atomic>
#include <future>
#include <string>

namespace muster::gui {

/// The pinned rule set's tables, and the odds of a division's strength as a plot.
class TablesWindow : public Window {
public:
    const char* title() const override { return "Tables"; }
    void draw(GuiApp& app) override;
    /// Starts rolling divisions for the odds in the background (progress shows as it goes).
    void compute_odds(GuiApp& app);
    bool computing() const { return m_task.valid(); }

    // View state
    int table = 0;
    int side = 0;
    int year = 0;
    int count = 20000;
    std::optional<app::StrengthOdds> odds;

private:
    std::future<app::StrengthOdds> m_task;
    std::atomic<float> m_progress{0};
    std::string m_text;  // the table shown, as text
    int m_shown_table = -1;
    int m_revision = -1;
};

}  // namespace muster::gui
