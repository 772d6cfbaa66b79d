package io.rayon.engine.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The deadline reads only the clock it is given (a fake one here). */
class DeadlineTest {
  private final AtomicLong nanos = new AtomicLong(5_000_000_000L);

  private void advanceMillis(long ms) {
    nanos.addAndGet(ms * 1_000_000L);
  }

  @Test
  void countsDownOnTheInjectedClock() {
    Deadline d = Deadline.after(nanos::get, Duration.ofSeconds(10));
    assertThat(d.isSet()).isTrue();
    assertThat(d.remainingMillis()).isEqualTo(10_000);
    advanceMillis(3_200);
    assertThat(d.elapsedMillis()).isEqualTo(3_200);
    assertThat(d.remainingMillis()).isEqualTo(6_800);
    assertThat(d.describe()).isEqualTo("3.2 s of 10.0 s");
    assertThat(d.expired()).isFalse();
    advanceMillis(6_800);
    assertThat(d.expired()).isTrue();
    assertThat(d.remainingMillis()).isZero();
  }

  @Test
  void aDeadlineStartedEarlierCountsTheTimeBefore() {
    long start = nanos.get();
    advanceMillis(2_500);
    Deadline d = Deadline.startedAt(nanos::get, start, Duration.ofSeconds(10));
    assertThat(d.remainingMillis()).isEqualTo(7_500);
  }

  @Test
  void minusAndWithinEndEarlierButDescribeTheOriginalLimit() {
    Deadline d = Deadline.after(nanos::get, Duration.ofSeconds(10));
    Deadline reserve = d.minus(500);
    assertThat(reserve.remainingMillis()).isEqualTo(9_500);
    assertThat(reserve.limitMillis()).isEqualTo(10_000);
    advanceMillis(1_000);
    Deadline phase = reserve.within(2_000);
    assertThat(phase.remainingMillis()).isEqualTo(2_000);
    // never beyond the deadline it came from
    assertThat(reserve.within(60_000).remainingMillis()).isEqualTo(8_500);
    assertThat(phase.describe()).isEqualTo("1.0 s of 10.0 s");
  }

  @Test
  void noneNeverExpires() {
    assertThat(Deadline.NONE.isSet()).isFalse();
    assertThat(Deadline.NONE.expired()).isFalse();
    assertThat(Deadline.NONE.remainingMillis()).isEqualTo(Long.MAX_VALUE);
    assertThat(Deadline.NONE.minus(100).within(5)).isSameAs(Deadline.NONE);
    assertThat(Deadline.NONE.describe()).isEmpty();
  }
}
