# SPDX-License-Identifier: BSD-3-Clause
# The script side of redsem_printed_document (tests/CMakeLists.txt): a test that prints a document
# others read removes the last run's before it runs, so that a reader never validates a stale one,
# and keeps what its run printed once it is JSON. Both do nothing when DOCUMENT is empty.
function(redsem_forget_printed_document document)
  if(document)
    file(REMOVE ${document})
  endif()
endfunction()

function(redsem_keep_printed_document document text)
  if(document)
    file(WRITE ${document} "${text}")
  endif()
endfunction()
