package io.rayon.engine.planning.milp;

import java.util.Locale;

/**
 * The size of a MILP model counted before it is built ({@link MilpFormulation#size}).
 *
 * @param variables variables (exact)
 * @param integers integer and binary variables (exact)
 * @param constraints constraints (an upper bound)
 * @param nonZeros non-zero coefficients of the constraints (an upper bound)
 * @param grid plan steps per model step
 */
public record ModelSize(long variables, long integers, long constraints, long nonZeros, int grid) {

  /**
   * Bytes the model, its LP relaxation's copy and the solver's working copies take, estimated from
   * the counts: {@value #BYTES_PER_NON_ZERO} bytes per non-zero and {@value #BYTES_PER_VARIABLE}
   * per variable and per constraint. Measured with ojAlgo 57.1 on the swim sample: an expression
   * keeps a map entry with a {@code BigDecimal} per coefficient, and the model is held three times
   * during a solve (ours, the relaxation's copy, the solver's sparse form).
   */
  public long estimatedBytes() {
    return nonZeros * BYTES_PER_NON_ZERO + (variables + constraints) * BYTES_PER_VARIABLE;
  }

  static final long BYTES_PER_NON_ZERO = 600;
  static final long BYTES_PER_VARIABLE = 1500;

  /** "10555 variables (7000 integer), at most 15987 constraints, grid 8". */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%d variables (%d integer), at most %d constraints and %d coefficients, on grid %d",
        variables,
        integers,
        constraints,
        nonZeros,
        grid);
  }
}
