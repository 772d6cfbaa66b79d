package io.rayon.model.live;

/**
 * How YARN combines the stages of a reservation definition (YARN's ReservationRequestInterpreter),
 * with the number the REST API uses.
 */
public enum YarnInterpreter {
  /** Exactly one stage is satisfied: RDL {@code any}. */
  R_ANY(0),
  /** Every stage is satisfied, in any order: RDL {@code all}. */
  R_ALL(1),
  /**
   * Every stage is satisfied; stage k's allocations end before stage k+1's start: RDL {@code
   * order}.
   */
  R_ORDER(2),
  /** As {@link #R_ORDER}, and stage k+1 starts exactly when stage k ends (no RDL counterpart). */
  R_ORDER_NO_GAP(3);

  private final int code;

  YarnInterpreter(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** The interpreter with the REST API's number, or null for an unknown one. */
  public static YarnInterpreter ofCode(int code) {
    for (YarnInterpreter i : values()) if (i.code == code) return i;
    return null;
  }

  /** Accepts the number ({@code "2"}) or the name ({@code "R_ORDER"}); null when neither. */
  public static YarnInterpreter parse(String text) {
    if (text == null) return null;
    String t = text.trim();
    try {
      return ofCode(Integer.parseInt(t));
    } catch (NumberFormatException e) {
      for (YarnInterpreter i : values()) if (i.name().equalsIgnoreCase(t)) return i;
      return null;
    }
  }
}
