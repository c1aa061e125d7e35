#pragma once
#include "export/oob.hpp"
#include "view_choice.hpp"
#include "window.hpp"

#include <map>
#include <string>
#include <vector>

namespace muster::gui {

/// Export: side, format, file, in the workspace's view, and a preview of the label sheet; a
/// side's handout (its papers for the next battle) written to a folder. Both are written on a
/// worker thread, the frames going on, with how far they have got at the foot of the panel.
class ExportWindow : public Forgetting<ExportWindow> {
public:
    const char* title() const override { return "Export"; }
    void draw(GuiApp& app) override;
    void write(GuiApp& app);
    void write_handout(GuiApp& app);

    // View state
    ViewChoice view;
    OobFormat format = OobFormat::pdf;
    LabelFormat label_format = LabelFormat::pdf;
    int paper = 0;
    bool labels = false;
    float width_mm = 60, height_mm = 20;
    std::string path = "oob.pdf";
    int handout_side = 0;  ///< the rule set's side (in a side's view, its own)
    /// The folder a side's handout is written in (by the side's id): "handout-union" until
    /// typed. Each side has its own, so one side's papers are not written over another's, or
    /// handed to the wrong player, when the umpire turns to the other side.
    std::map<std::string, std::string> handout_folders;
    std::string& handout_folder(const std::string& side);
    /// The side whose handout the panel writes: the one chosen, in a side's view its own.
    std::string handout_for(GuiApp& app) const;

private:
    // The label texts of the preview, made again only when the model or the view changes.
    std::vector<exporter::LabelText> m_texts;
    int m_revision = -1;
    ViewChoice m_view{-1};
    View m_viewer;
    std::string m_format_shown = "pdf";  // the format the file's name was last made to follow
    bool m_labels_shown = false;         // whether it was last made to follow the labels (or the order of battle)
};

}  // namespace muster::gui
