package io.rayon.engine.rdl;

/**
 * One thing wrong with an RDL expression: a {@link Code}, the path of the sub-expression in the
 * expression as written ({@code ""} for the root, {@code "0.1"} for the second child of the first
 * child; a window's expression is child 0, see {@link io.rayon.model.rdl.Rdl#at}) and a sentence a
 * person can act on.
 */
public record RdlProblem(Code code, String path, String message) {

  /** What kind of problem; {@link #invalid()} tells validation errors from infeasibility. */
  public enum Code {
    /** Nesting deeper than {@link io.rayon.model.rdl.Rdl#MAX_DEPTH}. */
    TOO_DEEP(true),
    /** An any/all/order with more than {@code Rdl.MAX_WIDTH} sub-expressions. */
    TOO_WIDE(true),
    /** any/all/order without children. */
    EMPTY_OPERATOR(true),
    /** g < 1. */
    GANG_NOT_POSITIVE(true),
    /** g > h. */
    GANG_ABOVE_PARALLELISM(true),
    /** l < 1. */
    LEASE_NOT_POSITIVE(true),
    /** w < 0. */
    WORK_NEGATIVE(true),
    /** w is not a multiple of g (every step holds whole gangs). */
    WORK_NOT_MULTIPLE_OF_GANG(true),
    /** 0 < w/g < l: not even one gang can be held for its minimum lease. */
    WORK_BELOW_ONE_LEASE(true),
    /** A bundle dimension is negative. */
    BUNDLE_NEGATIVE(true),
    /** The bundle asks for nothing. */
    BUNDLE_ZERO(true),
    /** s < 0. */
    WINDOW_START_NEGATIVE(true),
    /** s >= f. */
    WINDOW_EMPTY(true),
    /** The bundle fits no node of the cluster. */
    BUNDLE_TOO_LARGE(true),
    /** A gang needs more bundles at once than the whole cluster holds. */
    GANG_LARGER_THAN_CLUSTER(false),
    /** The time and parallelism constraints admit no allocation inside a window. */
    WINDOW_TOO_SHORT(false),
    /**
     * The expression needs more steps than a step count can hold (2^63 - 1): it can never complete.
     */
    TOO_LONG(false),
    /** No alternative of an any can be satisfied. */
    NO_FEASIBLE_ALTERNATIVE(false);

    private final boolean invalid;

    Code(boolean invalid) {
      this.invalid = invalid;
    }

    /** True for a malformed expression; false for a well-formed one that cannot be satisfied. */
    public boolean invalid() {
      return invalid;
    }
  }

  @Override
  public String toString() {
    return (path.isEmpty() ? "root" : "at " + path) + ": " + code + ": " + message;
  }
}
