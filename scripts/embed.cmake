# muster_embed(TARGET_SOURCE_VAR NAME FILES...)
# Generates a .cpp that defines `muster::embedded::NAME()`, a list of {file name, text}
# pairs holding the given files, so the binary needs nothing from the source tree at run time.
set(MUSTER_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/embed_write.cmake)

function(muster_embed out_var name)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded_${name}.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNAME=${name} "-DFILES=${ARGN}" -P ${MUSTER_EMBED_SCRIPT}
    DEPENDS ${ARGN} ${MUSTER_EMBED_SCRIPT}
    COMMENT "Embedding ${name}"
    VERBATIM)
  set(${out_var} ${out} PARENT_SCOPE)
endfunction()
