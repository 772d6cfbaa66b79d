package io.rayon.yarn;

import io.rayon.model.live.ClusterSnapshot;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * The polling state of one live connection, without any UI: the last snapshot that arrived, when it
 * arrived, and since when the data is stale. A failed poll never throws the last good snapshot
 * away; it marks the state stale from the first failure on (the dashboard shows "stale since …")
 * until a poll succeeds again. Thread-safe: {@link #poll} runs on a background thread while the UI
 * reads {@link #state}.
 */
public final class LiveSession {

  /** Reads one snapshot; in the app this is {@link YarnRestClient#snapshot}. */
  @FunctionalInterface
  public interface Poller {
    ClusterSnapshot poll() throws YarnRestException;
  }

  /**
   * What the dashboard shows. {@code snapshot} is the last good one (null before the first); {@code
   * staleSince} is null while the data is fresh; {@code lastError} describes the last failure (null
   * after a success).
   */
  public record State(
      ClusterSnapshot snapshot,
      Instant lastSuccess,
      Instant staleSince,
      String lastError,
      long polls,
      long failures) {
    public static final State EMPTY = new State(null, null, null, null, 0, 0);

    public boolean isStale() {
      return staleSince != null;
    }
  }

  private final Poller poller;
  private final Clock clock;
  private volatile State state = State.EMPTY;

  public LiveSession(Poller poller, Clock clock) {
    this.poller = Objects.requireNonNull(poller, "poller");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  public State state() {
    return state;
  }

  /** Polls once and returns the new state; failures are recorded, never thrown. */
  public synchronized State poll() {
    State s = state;
    try {
      ClusterSnapshot snap = poller.poll();
      state = new State(snap, clock.instant(), null, null, s.polls() + 1, s.failures());
    } catch (YarnRestException e) {
      Instant since = s.staleSince() != null ? s.staleSince() : clock.instant();
      state =
          new State(
              s.snapshot(),
              s.lastSuccess(),
              since,
              e.getMessage(),
              s.polls() + 1,
              s.failures() + 1);
    } catch (RuntimeException e) {
      Instant since = s.staleSince() != null ? s.staleSince() : clock.instant();
      state =
          new State(
              s.snapshot(),
              s.lastSuccess(),
              since,
              "unexpected failure: " + e,
              s.polls() + 1,
              s.failures() + 1);
    }
    return state;
  }
}
