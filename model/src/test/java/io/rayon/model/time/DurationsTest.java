package io.rayon.model.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class DurationsTest {

  @Test
  void readsEveryUnitAndCombinations() {
    assertThat(Durations.parse("90")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.parse(" 90s ")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.parse("1.5m")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
    assertThat(Durations.parse("24H")).isEqualTo(Duration.ofHours(24));
    assertThat(Durations.parse("2d")).isEqualTo(Duration.ofDays(2));
    assertThat(Durations.parse("1h30m")).isEqualTo(Duration.ofMinutes(90));
    assertThat(Durations.parse("0s")).isZero();
  }

  @Test
  void refusesWhatIsNotADurationWithTheGrammarInTheMessage() {
    for (String bad :
        new String[] {"", "s", "-5s", "5 s", "5x", "1h 30m", "1e3s", "NaN", "5ss", "h1"}) {
      assertThatThrownBy(() -> Durations.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("90s");
    }
    assertThatThrownBy(() -> Durations.parse("0.0001s"))
        .hasMessageContaining("finer than a millisecond");
    assertThatThrownBy(() -> Durations.parse("99999999999999999999d"))
        .hasMessageContaining("too long");
    assertThatThrownBy(() -> Durations.parsePositive("0s"))
        .hasMessageContaining("longer than zero");
  }

  @Property
  void formatParsesBack(@ForAll @LongRange(min = 0, max = 10_000_000_000L) long ms) {
    Duration d = Duration.ofMillis(ms);
    assertThat(Durations.parse(Durations.format(d))).isEqualTo(d);
  }
}
