#include "army/division.hpp"

namespace muster::army {

int Division::stands() const {
    int n = 0;
    for (const auto& b : brigades) n += b.stands;
    return n;
}

std::string Leader::label() const {
    if (!name.empty()) return name;
    if (!command.unit.empty()) return "commander of " + command.unit;
    if (former_post)
        return "former commander of " + former_post->unit + (former_post->number > 1 ? " (" + std::to_string(former_post->number) + ")" : "");
    return "leader #" + std::to_string(id);
}

Leader Leader::as_enemy_sees() const {
    Leader out = *this;
    if (present() && !grade_revealed) out.grade = out.rolled_grade = k_unrevealed_grade;
    out.company = enemy_company && enemy_company->revealed ? enemy_company : Rare<Company>();
    out.enemy_company.reset();
    out.attached_to.reset();
    if (!fall_seen) {
        out.status = LeaderStatus::active;
        out.fell_in.reset();
        out.out_battles = 0;
    }
    return out;
}

}  // namespace muster::army
