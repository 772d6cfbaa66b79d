package io.rayon.engine.task;

import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A wall-clock budget for a whole piece of work, read through a clock the caller injects (the
 * engine has no clock of its own). The command line passes {@code System::nanoTime} and the moment
 * the process started, the application the moment the run started; tests pass a fake clock they
 * advance themselves. Engine code splits the budget between its phases with {@link
 * #remainingMillis}.
 *
 * <p>{@link #NONE} has no clock: it never expires and its remaining time is unbounded; engine code
 * that needs a figure then falls back on its own setting (the MILP planner on its per-solve time
 * limit).
 */
public final class Deadline {
  /** No deadline and no clock. */
  public static final Deadline NONE = new Deadline(null, 0, Long.MAX_VALUE, Long.MAX_VALUE);

  private final LongSupplier nanos;
  private final long startNanos;

  /** The limit as the user gave it (what {@link #describe} shows). */
  private final long limitNanos;

  /**
   * When this deadline expires, counted from the start: the limit, or earlier ({@link #minus},
   * {@link #within}).
   */
  private final long endNanos;

  private Deadline(LongSupplier nanos, long startNanos, long limitNanos, long endNanos) {
    this.nanos = nanos;
    this.startNanos = startNanos;
    this.limitNanos = limitNanos;
    this.endNanos = endNanos;
  }

  /** A deadline {@code limit} after now, by the given nanosecond clock. */
  public static Deadline after(LongSupplier nanoClock, Duration limit) {
    return startedAt(nanoClock, nanoClock.getAsLong(), limit);
  }

  /**
   * A deadline {@code limit} after {@code startNanos} (a reading of the same clock taken earlier,
   * for example when the process started), so work done before counts against the limit.
   */
  public static Deadline startedAt(LongSupplier nanoClock, long startNanos, Duration limit) {
    if (nanoClock == null) throw new IllegalArgumentException("a deadline needs a clock");
    if (limit == null || limit.isNegative())
      throw new IllegalArgumentException("time limit must be >= 0, got " + limit);
    return new Deadline(nanoClock, startNanos, limit.toNanos(), limit.toNanos());
  }

  /** True when a clock is behind this deadline (false only for {@link #NONE}). */
  public boolean isSet() {
    return nanos != null;
  }

  /**
   * The whole limit in milliseconds as given ({@code Long.MAX_VALUE} for {@link #NONE}); a deadline
   * made earlier by {@link #minus} or {@link #within} keeps its original limit here.
   */
  public long limitMillis() {
    return nanos == null ? Long.MAX_VALUE : limitNanos / 1_000_000;
  }

  /** Milliseconds since the start (0 for {@link #NONE}). */
  public long elapsedMillis() {
    return nanos == null ? 0 : Math.max(0, (nanos.getAsLong() - startNanos) / 1_000_000);
  }

  /** Milliseconds left, never below 0 ({@code Long.MAX_VALUE} for {@link #NONE}). */
  public long remainingMillis() {
    if (nanos == null) return Long.MAX_VALUE;
    long left = endNanos - (nanos.getAsLong() - startNanos);
    return Math.max(0, left / 1_000_000);
  }

  public boolean expired() {
    return nanos != null && nanos.getAsLong() - startNanos >= endNanos;
  }

  /**
   * A deadline {@code reserveMillis} earlier than this one on the same clock (for work that must
   * leave time to the caller's own finishing steps); {@link #NONE} stays {@link #NONE}.
   */
  public Deadline minus(long reserveMillis) {
    if (nanos == null) return this;
    return new Deadline(
        nanos,
        startNanos,
        limitNanos,
        Math.max(0, endNanos - Math.max(0, reserveMillis) * 1_000_000));
  }

  /**
   * A deadline on the same clock and from the same start that ends {@code millis} from now, or at
   * this one's end when that comes first; {@link #NONE} stays {@link #NONE}.
   */
  public Deadline within(long millis) {
    if (nanos == null) return this;
    long now = nanos.getAsLong() - startNanos;
    long end = now + Math.max(0, Math.min(millis, Long.MAX_VALUE / 2_000_000)) * 1_000_000;
    return new Deadline(nanos, startNanos, limitNanos, Math.min(endNanos, end));
  }

  /** "3.2 s of 10.0 s" (elapsed against the limit); "" for {@link #NONE}. */
  public String describe() {
    if (nanos == null) return "";
    return String.format(
        Locale.ROOT, "%.1f s of %.1f s", elapsedMillis() / 1000.0, limitNanos / 1e9);
  }

  @Override
  public String toString() {
    return nanos == null ? "no deadline" : "deadline " + describe();
  }
}
