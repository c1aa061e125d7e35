#include "cli/cli.hpp"

#include <iostream>

int main(int argc, char** argv) { return muster::cli::run(argc, argv, std::cout, std::cerr); }
