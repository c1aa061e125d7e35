#pragma once
// What the campaign knows of the units at the table, read into a roll: the column and the
// modifiers its facts decide, each marked with why, and a typed one that contradicts them
// refused unless the organiser overrides. Pure: facts in, a request out.
#include "play/roll.hpp"

#include <map>
#include <string>
#include <vector>

namespace muster::play {

/// What the campaign knows of one unit at the table: each fact it knows, and how it knows it
/// ("Heth/1st Brigade is Fresh: 8 of 9 stands").
struct Facts {
    struct Known {
        std::string value;
        std::string why;
    };
    std::map<Fact, Known> known;
    const Known* find(Fact f) const {
        const auto it = known.find(f);
        return it == known.end() ? nullptr : &it->second;
    }
};

/// The units of a roll as the campaign knows them; nullptr where none is named.
struct Units {
    const Facts* unit = nullptr;      ///< one roll: the unit rolled for (the target, on a fire table); both sides: the attacker
    const Facts* defender = nullptr;  ///< both sides: the defender
    const Facts* firer = nullptr;     ///< a fire table: the firer
};

struct Resolved {
    Request request;                      ///< with the campaign's column and modifiers, marked
    std::vector<std::string> overridden;  ///< with the override: what the campaign would have applied, and why
    std::vector<std::string> given_over;  ///< with the override: the column and modifiers given that the campaign contradicts, and why
};

/// The request with what the campaign decides: the column whose facts hold, where none is
/// given, and every modifier whose facts hold (a typed one that holds is marked as the
/// campaign's too). Refuses (muster::Error) a typed column or modifier the campaign's facts
/// contradict, a modifier of a group the column excludes, or a typed modifier in a group the
/// campaign fills otherwise, naming the fact, unless `override`: then the modifiers are exactly
/// those typed, and `overridden` lists the campaign's that were left out.
Resolved with_campaign(const rules::PlayTable& table, const Request& typed, const Units& units, bool override);

}  // namespace muster::play
