package io.rayon.model.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SharingPolicySpecTest {

  @Test
  void parsesAndPrintsEveryKind() {
    for (String s : new String[] {"none", "instantaneous:0.2", "capacity-over-time:0.2,0.05,24h"}) {
      assertThat(SharingPolicySpec.parse(s).toString()).isEqualTo(s);
    }
    SharingPolicySpec p = SharingPolicySpec.parse("capacity-over-time:0.2,0.05,24h");
    assertThat(p.windowSeconds()).isEqualTo(86_400);
    assertThat(p.average()).isEqualTo(0.05);
  }

  @Test
  void rejectsMalformedPoliciesWithAReason() {
    assertThatThrownBy(() -> SharingPolicySpec.parse("instantaneous:1.5"))
        .hasMessageContaining("(0, 1]");
    assertThatThrownBy(() -> SharingPolicySpec.parse("capacity-over-time:0.2,0.3,24h"))
        .hasMessageContaining("average cap");
    assertThatThrownBy(() -> SharingPolicySpec.parse("capacity-over-time:0.2,0.05,24y"))
        .hasMessageContaining("'24y' is not a duration");
    assertThatThrownBy(() -> SharingPolicySpec.parse("fair"))
        .hasMessageContaining("unknown sharing policy");
    assertThatThrownBy(() -> SharingPolicySpec.parse("instantaneous:x"))
        .hasMessageContaining("not a number");
  }
}
