package io.rayon.engine.planning;

import io.rayon.engine.plugin.OptionSpec;
import io.rayon.engine.plugin.Options;
import java.util.List;

/**
 * How GREE and GREE-L depart from the Rayon paper ("Reservation-based Scheduling: If You're Late
 * Don't Blame Us!", §4.2 and Algorithm 1). {@link #PAPER}, the default, is the paper's behaviour;
 * every other value is a named improvement of ours, offered as {@code -O name=value} on the CLI and
 * as a control in the Plan tab, and measured in {@code docs/planner-options.md}.
 *
 * @param stackedScan GREE's atom scan ({@code atom-scan}). Paper ({@code false}): scanning right to
 *     left, as soon as l consecutive steps have room for a gang, a block as tall as the most
 *     constrained of them (t_lim) is allocated over those l steps and the scan restarts at t_lim −
 *     1. Ours ({@code true}, {@code stacked}): the run grows until the rest of the work fits in it
 *     as tall as possible, a broken run gives up a block over its right part, and the scan restarts
 *     at the run's end, stacking on the headroom left above the block.
 * @param anyWrittenOrder the order in which {@code any} tries its alternatives ({@code any-order}).
 *     Paper ({@code false}, {@code reverse}): reverseChild, the last alternative first, like every
 *     other operator. Ours ({@code true}, {@code written}): the order written.
 * @param guessOrderOnly GREE-L's guessInterval ({@code guess-interval}). Paper ({@code false},
 *     {@code all-operators}): the interval of every {@code order}, {@code all} and {@code any} is
 *     divided among its children. Ours ({@code true}, {@code order-only}): only an {@code order}'s
 *     interval is divided; children of {@code all} and {@code any} share their parent's interval.
 * @param flatFallback GREE-L's fallback ({@code flat-fallback}). Paper ({@code false}): an atom
 *     whose flat shape does not fit its guessed interval makes the reservation fail. Ours ({@code
 *     true}): it falls back to GREE's placement in its guessed interval, then in its whole valid
 *     range.
 */
public record GreedyOptions(
    boolean stackedScan, boolean anyWrittenOrder, boolean guessOrderOnly, boolean flatFallback) {
  /** The paper's behaviour, the default. */
  public static final GreedyOptions PAPER = new GreedyOptions(false, false, false, false);

  /** Every improvement of ours at once (the behaviour before paper mode became the default). */
  public static final GreedyOptions IMPROVED = new GreedyOptions(true, true, true, true);

  public static final String ATOM_SCAN = "atom-scan";
  public static final String ANY_ORDER = "any-order";
  public static final String GUESS_INTERVAL = "guess-interval";
  public static final String FLAT_FALLBACK = "flat-fallback";

  static final OptionSpec ATOM_SCAN_SPEC =
      OptionSpec.choice(
          ATOM_SCAN,
          "paper",
          List.of("paper", "stacked"),
          "GREE's atom scan: paper = allocate a block as tall as the most constrained step t_lim over l steps, then"
              + " restart at t_lim - 1 (Algorithm 1's text); stacked = grow the run until the rest fits, restart at the"
              + " run's end and stack on the headroom left (ours); GREE-L scans only with flat-fallback=true");
  static final OptionSpec ANY_ORDER_SPEC =
      OptionSpec.choice(
          ANY_ORDER,
          "reverse",
          List.of("reverse", "written"),
          "order in which any(...) tries its alternatives: reverse = last first, the paper's reverseChild; written ="
              + " first first (ours)");
  static final OptionSpec GUESS_INTERVAL_SPEC =
      OptionSpec.choice(
          GUESS_INTERVAL,
          "all-operators",
          List.of("all-operators", "order-only"),
          "GREE-L's guessInterval: all-operators = divide the interval of order, all and any among their children"
              + " (the paper); order-only = divide only order's, all and any children share it (ours)");
  static final OptionSpec FLAT_FALLBACK_SPEC =
      OptionSpec.bool(
          FLAT_FALLBACK,
          false,
          "GREE-L: when an atom's flat shape does not fit, place it like GREE, first in its guessed interval, then in"
              + " its whole range (ours); false = reject, as the paper's GREE-L does");

  /** GREE's options, for the planner registry. */
  public static List<OptionSpec> greeSpecs() {
    return List.of(ATOM_SCAN_SPEC, ANY_ORDER_SPEC);
  }

  /** GREE-L's options, for the planner registry. */
  public static List<OptionSpec> greeLSpecs() {
    return List.of(GUESS_INTERVAL_SPEC, FLAT_FALLBACK_SPEC, ANY_ORDER_SPEC, ATOM_SCAN_SPEC);
  }

  /**
   * The options of checked values; options a planner does not describe keep the paper's behaviour.
   */
  public static GreedyOptions from(Options o) {
    return new GreedyOptions(
        "stacked".equals(text(o, ATOM_SCAN)),
        "written".equals(text(o, ANY_ORDER)),
        "order-only".equals(text(o, GUESS_INTERVAL)),
        bool(o, FLAT_FALLBACK));
  }

  private static String text(Options o, String name) {
    try {
      return o.text(name);
    } catch (IllegalStateException e) {
      return null; // not one of this planner's options
    }
  }

  private static boolean bool(Options o, String name) {
    try {
      return o.bool(name);
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /** The options as {@code name=value} pairs that differ from the paper, for reports and notes. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    if (stackedScan) b.append(ATOM_SCAN).append("=stacked ");
    if (anyWrittenOrder) b.append(ANY_ORDER).append("=written ");
    if (guessOrderOnly) b.append(GUESS_INTERVAL).append("=order-only ");
    if (flatFallback) b.append(FLAT_FALLBACK).append("=true ");
    return b.length() == 0 ? "paper" : b.toString().trim();
  }
}
