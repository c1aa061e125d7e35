# What `cmake --install` puts in place besides the two programs, and the .deb `cpack -G DEB`
# makes of it (scripts/package.sh). Included by the top-level CMakeLists.txt.
include(GNUInstallDirs)
set(MUSTER_DESKTOP ${PROJECT_SOURCE_DIR}/assets/desktop)
set(MUSTER_DOC_DIR ${CMAKE_BINARY_DIR}/doc)

# The rule sets, samples and name lists. muster carries them built in (it reads nothing at run
# time, so a moved or half-upgraded install cannot mix versions); these copies are to read, and
# to start one's own rule set from (into <data dir>/rules, as `muster rules copy` does).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/templates/ DESTINATION ${CMAKE_INSTALL_DATADIR}/muster/rules)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/samples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/muster/samples)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/names/ DESTINATION ${CMAKE_INSTALL_DATADIR}/muster/names)

# muster(1) and the bash and zsh completion are written by muster itself from its command line's
# definition, so they cannot drift from it; muster-gui(1) is written by hand (two options).
configure_file(${MUSTER_DESKTOP}/muster-gui.1.in ${MUSTER_DOC_DIR}/muster-gui.1 @ONLY)
configure_file(${MUSTER_DESKTOP}/io.github.muster.metainfo.xml ${MUSTER_DOC_DIR}/io.github.muster.metainfo.xml @ONLY)
add_custom_command(
  OUTPUT ${MUSTER_DOC_DIR}/changelog.gz ${MUSTER_DOC_DIR}/muster.1.gz ${MUSTER_DOC_DIR}/muster-gui.1.gz ${MUSTER_DOC_DIR}/muster.bash ${MUSTER_DOC_DIR}/_muster
  COMMAND sh -c "gzip -9nc ${MUSTER_DESKTOP}/changelog > changelog.gz && $<TARGET_FILE:muster> manual > muster.1 && gzip -9nf muster.1 && gzip -9nkf muster-gui.1 && $<TARGET_FILE:muster> completion bash > muster.bash && $<TARGET_FILE:muster> completion zsh > _muster"
  WORKING_DIRECTORY ${MUSTER_DOC_DIR}
  DEPENDS muster ${MUSTER_DOC_DIR}/muster-gui.1 ${MUSTER_DESKTOP}/changelog
  COMMENT "Writing muster(1) and its bash completion from the command line"
  VERBATIM)
add_custom_target(muster_docs ALL DEPENDS ${MUSTER_DOC_DIR}/muster.1.gz ${MUSTER_DOC_DIR}/muster.bash ${MUSTER_DOC_DIR}/_muster)
install(FILES ${MUSTER_DOC_DIR}/muster.1.gz ${MUSTER_DOC_DIR}/muster-gui.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${MUSTER_DOC_DIR}/muster.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME muster)
install(FILES ${MUSTER_DOC_DIR}/_muster DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# The desktop: an entry in the menu (Games), the icon at every hicolor size and as SVG, and the
# AppStream metadata software centres read.
install(FILES ${MUSTER_DESKTOP}/muster-gui.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${MUSTER_DOC_DIR}/io.github.muster.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${MUSTER_DESKTOP}/muster.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(size 16 24 32 48 64 128 256)
  install(FILES ${MUSTER_DESKTOP}/icons/muster-${size}.png DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
          RENAME muster.png)
endforeach()
install(FILES ${MUSTER_DESKTOP}/copyright ${MUSTER_DOC_DIR}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The user's documentation, laid out as in the source so that its links and pictures are found:
# README.md, docs/*.md, and the screenshots they show.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs FILES_MATCHING PATTERN "*.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/screenshots/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/assets/screenshots)

# The .deb: its dependencies found by dpkg-shlibdeps from what the programs link.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME muster)
set(CPACK_PACKAGE_VENDOR "muster")
set(CPACK_PACKAGE_CONTACT "muster dev <dev@muster.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "campaign manager and army generator for Fire and Fury")
set(CPACK_PACKAGE_DESCRIPTION "muster keeps a wargame campaign for the Fire and Fury family of rules: the
American Civil War with its variable unit generation tables, the American War
of Independence adaptation, and L'Ordre Mixte (Napoleonic). It rolls up
divisions from the tables, keeps the season, battles, recovery, prisoners and
exchanges in a journalled database with undo, prints orders of battle, labels
and each side's papers, and serves each player his side's view.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Section misc, not games: Debian keeps games in /usr/games; muster is a tool for running them.
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)   # the libraries, added to the fonts muster-gui draws with
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-font-awesome")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
include(CPack)
