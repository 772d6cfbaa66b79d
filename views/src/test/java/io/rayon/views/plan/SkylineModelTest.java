package io.rayon.views.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.resources.Resources;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class SkylineModelTest {

  /**
   * Buckets average a reservation's level, so bucket values times bucket length give back its area.
   */
  @Property(tries = 40)
  void bucketAveragesPreserveEveryReservationsArea(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 7) int log2Bucket) {
    PlanData plan = Plans.random(seed, 40, 2000);
    SkylineModel m = new SkylineModel(plan, "memoryMB");
    int B = 1 << log2Bucket;
    long buckets = (plan.horizon() + B - 1) / B;
    SkylineModel.Bucket[] cache = m.buckets(B, 0, buckets);
    double[] area = new double[m.reservationCount()];
    for (int b = 0; b < buckets; b++) {
      long len = Math.min((long) (b + 1) * B, plan.horizon()) - (long) b * B;
      for (int j = 0; j < cache[b].n; j++) area[cache[b].res[j]] += cache[b].val[j] * (double) len;
    }
    for (int r = 0; r < area.length; r++) {
      ReservationAllocation a = plan.allocations().get(r);
      double expected = 0;
      Map.Entry<Long, Resources> prev = null;
      for (Map.Entry<Long, Resources> e : a.skyline().entrySet()) {
        if (prev != null)
          expected += (double) prev.getValue().memoryMB() * (e.getKey() - prev.getKey());
        prev = e;
      }
      assertThat(area[r])
          .as("area of %s (seed %d)", a.reservationId(), seed)
          .isCloseTo(expected, Offset.offset(expected * 1e-5 + 1));
    }
  }

  @Test
  void bucketSizeIsThePowerOfTwoCoveringAPixel() {
    assertThat(SkylineModel.bucketSize(0.3)).isEqualTo(1);
    assertThat(SkylineModel.bucketSize(1)).isEqualTo(1);
    assertThat(SkylineModel.bucketSize(1.01)).isEqualTo(2);
    assertThat(SkylineModel.bucketSize(13.7)).isEqualTo(16);
  }

  @Test
  void theValueAxisCoversCapacityAndThePeakAllocation() {
    PlanData p =
        Plans.aPlan()
            .capacity(0, 1000, 10)
            .reservation("a", 0, 10, 1)
            .reservation("b", 5, 10, 1)
            .build();
    assertThat(new SkylineModel(p, "memoryMB").maxLevel).isEqualTo(2 * 8192);
    assertThat(new SkylineModel(p, "vcores").maxLevel).isEqualTo(10);
  }
}
