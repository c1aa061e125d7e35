#pragma once
#include "app/catalog.hpp"
#include "campaign/records.hpp"
#include "core/words.hpp"
#include "widgets.hpp"
#include "window.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// Campaigns: create one, choose the current one, change its settings.
class CampaignsWindow : public Forgetting<CampaignsWindow> {
public:
    const char* title() const override { return "Campaigns"; }
    bool umpire_only() const override { return true; }
    void draw(GuiApp& app) override;
    bool needs_campaign() const override { return false; }
    /// The new campaign's form and its Create button (also on the welcome panel).
    void draw_new_campaign(GuiApp& app);
    /// The sample campaigns, what the chosen one holds, and its Start button (also on the
    /// welcome panel).
    void draw_samples(GuiApp& app);
    void start_sample(GuiApp& app);
    void create(GuiApp& app);
    void use(GuiApp& app);
    void save_settings(GuiApp& app);

    // View state: the form being filled in.
    std::string name;
    std::string rules = "acw";
    int return_rate = 50;
    Rounding rounding = Rounding::roll;
    Despicable despicable = Despicable::expanded;
    DiceMode dice = DiceMode::seeded;
    std::string seed;
    /// The rule set chosen for a new campaign (`rules`, last asked), as loaded: whether it has a
    /// grade played otherwise by the book (only then has the Despicable leaders setting anything
    /// to choose), and its theaters' ids (none: the field is not for it).
    struct Chosen {
        std::string rules;
        bool by_the_book = true;
        std::vector<std::string> theaters;
        std::optional<int> men_per_stand;  ///< its scale's; none: it gives none
    };
    Chosen m_chosen;
    std::string selected;
    int men_per_stand = 0;
    std::string date;     // YYYY-MM-DD; empty: unchanged (none for a new campaign)
    std::string theater;  // a theater id; empty: unchanged
    /// The current campaign's settings as the form shows them: read from the model when the
    /// campaign (or its journal) moves on, unless being edited.
    struct Settings {
        int return_rate = 50;
        Rounding rounding = Rounding::roll;
        Despicable despicable = Despicable::expanded;
        int men_per_stand = 0;  // 0: the rule set's scale
        std::string date;       // YYYY-MM-DD; empty: none
        std::string theater;
        int turn_days = 0;  // 0: turns have no length
        bool operator==(const Settings&) const = default;
    };
    Settings settings;
    void draw_settings(GuiApp& app);
    std::string sample = "gettysburg";  // the sample chosen
    std::string sample_name;            // the new campaign's name; empty: the sample's title
    DiceMode sample_dice = DiceMode::seeded;
    TableOrder order;  ///< the campaigns table's

private:
    std::optional<std::vector<app::CatalogEntry>> m_rule_sets;  // listed once, when first asked for
    std::vector<const campaign::CampaignInfo*> m_rows;          // into the model, as sorted
    int m_revision = -1;
    Settings m_shown;              // the settings as the campaign has them, last read
    int m_settings_revision = -1;  // the model revision they were read at
};

}  // namespace muster::gui
