# The second adversarial pass (issue 32, item 5), after the fixes of the first: inputs of its
# own over every command. Each case is what the pass found wrong and fixed, or a representative
# of what redsem already handled, with the outcome the README's contract gives it.
set(ADV2 ${BAD_INPUTS}/adversary2)

# redsem rma: a put whose target datatype names a window byte twice is erroneous (it was "no
# verdicts", two outcomes both "serial").
redsem_bad_input(adversary2_rma_put_overlapping_target ARGS rma ${ADV2}/put_overlapping_target.rma RC 1
  OUT "target_overlapping_entries \\(MPI-4.1 §13.3.4.1, §13.3.1\\).*touches window byte 0 twice")
