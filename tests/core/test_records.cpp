// The shapes the GUI's model keeps a campaign in: a word held once and pointed at (Interned),
// and a list of records either its own or pointing at records held elsewhere (RecordList).
#include "core/interned.hpp"
#include "core/record_list.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <set>
#include <thread>
#include <vector>

using namespace muster;

TEST_CASE("An interned word is its text - held once, compared, joined and ordered as the text") {
    const std::string text = "average", other = std::string("aver") + "age";  // two buffers, one text
    const Interned a(text), b(other), c("poor");
    CHECK(&a.str() == &b.str());  // held once
    CHECK(a == b);
    CHECK(a == text);
    CHECK(a == "average");
    CHECK(a == std::string_view("average"));
    CHECK_FALSE(a == c);
    CHECK(a < c);
    CHECK("grade " + a + "." == "grade average.");
    CHECK(a + '/' + c == "average/poor");
    CHECK(Interned().empty());
    CHECK(Interned() == Interned(""));
    Interned changed = a;
    changed = "good";
    CHECK(changed == "good");
    CHECK(a == "average");
    changed.clear();
    CHECK(changed.empty());
}

TEST_CASE("Words interned on many threads at once are each held once") {
    std::vector<std::vector<const std::string*>> seen(4);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < seen.size(); ++t)
        threads.emplace_back([&, t] {
            // More words than a thread remembers unlocked, each met many times.
            for (int round = 0; round < 50; ++round)
                for (int w = 0; w < 100; ++w) seen[t].push_back(&Interned("word " + std::to_string(w)).str());
        });
    for (auto& t : threads) t.join();
    std::set<const std::string*> held;
    for (const auto& s : seen) held.insert(s.begin(), s.end());
    CHECK(held.size() == 100);
    for (const auto* s : held) CHECK(s->rfind("word ", 0) == 0);
}

TEST_CASE("A record list reads the same whether it holds its records or points at them") {
    struct Record {
        int id = 0;
        std::string name;
        bool operator==(const Record&) const = default;
    };
    const std::vector<Record> held{{1, "Heth"}, {2, "Pender"}, {3, "Rodes"}};
    const RecordList<Record> own(held);
    const auto pointing = RecordList<Record>::pointing_at({&held[2], &held[0]});
    CHECK(own == held);
    REQUIRE(pointing.size() == 2);
    CHECK(&pointing[0] == &held[2]);
    CHECK(pointing.front().name == "Rodes");
    std::vector<std::string> names;
    for (const auto& r : pointing) names.push_back(r.name);
    CHECK(names == std::vector<std::string>{"Rodes", "Heth"});
    CHECK_THROWS_AS(pointing.at(2), std::out_of_range);
    CHECK(RecordList<Record>().empty());
}

TEST_CASE("A copy of a record list holds its own copy of every record, so it outlives what the first pointed at") {
    struct Record {
        int id = 0;
    };
    auto elsewhere = std::make_unique<std::vector<Record>>(std::vector<Record>{{10}, {20}});
    std::vector<Record> kept{{1}, {2}};
    const Record* k0 = kept.data();  // a vector moved keeps its records where they are
    auto mixed = RecordList<Record>::pointing_at({&(*elsewhere)[0], k0, &(*elsewhere)[1], k0 + 1}, std::move(kept));
    REQUIRE(&mixed[1] == k0);
    const auto copy = mixed;
    REQUIRE(copy.size() == 4);
    for (size_t i = 0; i < copy.size(); ++i) CHECK(&copy[i] != &mixed[i]);
    elsewhere.reset();
    mixed = RecordList<Record>();
    std::vector<int> ids;
    for (const auto& r : copy) ids.push_back(r.id);
    CHECK(ids == std::vector<int>{10, 1, 20, 2});
    RecordList<Record> assigned;
    assigned = copy;
    CHECK(assigned.size() == 4);
    CHECK(assigned[2].id == 20);
}
