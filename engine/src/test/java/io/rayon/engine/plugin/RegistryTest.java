package io.rayon.engine.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegistryTest {

  record Made(String name, Options options) {}

  static Plugin<Made> plugin(String name, OptionSpec... specs) {
    return new Plugin<>() {
      public String name() {
        return name;
      }

      public String description() {
        return "test plug-in " + name;
      }

      public List<OptionSpec> options() {
        return List.of(specs);
      }

      public Made create(Options o) {
        return new Made(name, o);
      }
    };
  }

  final Registry<Made> registry =
      Registry.of(
          "widget",
          List.of(
              plugin("a"),
              plugin(
                  "b",
                  OptionSpec.integer("threads", 1, 1, 64, "solver threads"),
                  OptionSpec.duration("time-limit", "60s", 0.001, 86_400, "wall-clock limit"),
                  OptionSpec.choice("scan", "paper", List.of("paper", "stacked"), "atom scan"),
                  OptionSpec.bool("fallback", false, "fall back to GREE"))));

  @Test
  void createsWithDefaultsAndGivenValues() {
    Made m = registry.create("b", Map.of("threads", "4", "scan", "stacked"));
    assertThat(m.options().integer("threads")).isEqualTo(4);
    assertThat(m.options().duration("time-limit")).isEqualTo(Duration.ofSeconds(60));
    assertThat(m.options().text("scan")).isEqualTo("stacked");
    assertThat(m.options().bool("fallback")).isFalse();
    assertThat(m.options().given()).containsOnlyKeys("threads", "scan");
    assertThat(registry.names()).containsExactly("a", "b");
  }

  @Test
  void unknownNamesKeysAndBadValuesSayWhatIsAllowed() {
    assertThatThrownBy(() -> registry.create("c", Map.of()))
        .hasMessageContaining("unknown widget 'c'")
        .hasMessageContaining("a, b");
    assertThatThrownBy(() -> registry.create("a", Map.of("x", "1")))
        .hasMessageContaining("takes no options");
    assertThatThrownBy(() -> registry.create("b", Map.of("thread", "1")))
        .hasMessageContaining("threads, time-limit, scan, fallback");
    assertThatThrownBy(() -> registry.create("b", Map.of("threads", "0")))
        .hasMessageContaining("out of range")
        .hasMessageContaining("from 1 to 64");
    assertThatThrownBy(() -> registry.create("b", Map.of("threads", "x")))
        .hasMessageContaining("whole number");
    assertThatThrownBy(() -> registry.create("b", Map.of("scan", "late")))
        .hasMessageContaining("paper, stacked");
    assertThatThrownBy(() -> registry.create("b", Map.of("time-limit", "0s")))
        .hasMessageContaining("out of range");
    assertThatThrownBy(() -> registry.create("b", Map.of("fallback", "maybe")))
        .hasMessageContaining("true or false");
  }

  @Test
  void twoPluginsWithOneNameAreRefused() {
    assertThatThrownBy(() -> Registry.of("widget", List.of(plugin("a"), plugin("a"))))
        .hasMessageContaining("two widgets are named a");
  }
}
