package io.rayon.engine.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.rayon.engine.plan.Plan;
import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * greel-plus's early candidate reflects a one-block placement straight from the log ({@link
 * TimeMirror#unmirrorBlock}); it is the allocation {@link TimeMirror#unmirror} makes of the
 * mirrored one, for every atom path of seeded expressions (orders reversed, windows, alls).
 */
class TimeMirrorUnmirrorBlockTest {
  private static final Resources B = Resources.of(1024, 1);

  private static Rdl draw(Random rnd, int depth, long h) {
    if (depth == 0 || rnd.nextInt(3) == 0) return Rdl.atom(B, 1, 4, 1, 1 + rnd.nextInt(8));
    int kind = rnd.nextInt(3);
    if (kind == 0) {
      long s = rnd.nextInt((int) h / 2);
      return Rdl.window(draw(rnd, depth - 1, h), s, s + 1 + rnd.nextInt((int) h / 2));
    }
    int n = 2 + rnd.nextInt(3);
    Rdl[] cs = new Rdl[n];
    for (int i = 0; i < n; i++) cs[i] = draw(rnd, depth - 1, h);
    return kind == 1 ? Rdl.order(cs) : Rdl.all(cs);
  }

  private static void atomPaths(Rdl e, String path, List<String> out) {
    if (e instanceof Rdl.Atom) {
      out.add(path);
      return;
    }
    for (int i = 0; i < e.children().size(); i++)
      atomPaths(e.children().get(i), Rdl.childPath(path, i), out);
  }

  @Test
  void aBlockReflectedStraightIsTheReflectionOfItsAllocation() {
    Random rnd = new Random(1127L);
    int checked = 0;
    for (int k = 0; k < 2_000; k++) {
      long h = 20 + rnd.nextInt(200);
      Plan plan = Plan.empty(Resources.of(8192, 8), h, 60);
      TimeMirror m = new TimeMirror(plan);
      ReservationRequest r = ReservationRequest.of("r" + k, draw(rnd, 3, h));
      ReservationRequest mirrored = m.request(r);
      if (mirrored == null) continue;
      List<String> paths = new ArrayList<>();
      atomPaths(mirrored.rdl(), "", paths);
      for (String path : paths) {
        long s = rnd.nextInt((int) h - 1);
        long e = s + 1 + rnd.nextInt((int) (h - s));
        long n = rnd.nextInt(5);
        ReservationAllocation onMirror =
            new ReservationAllocation(
                r.id(), List.of(new AtomAllocation(path, B, List.of(new Step(s, e, n)))));
        assertThat(m.unmirrorBlock(r.id(), path, B, s, e, n))
            .as("%s at %s, [%d,%d) x %d", r.rdl(), path, s, e, n)
            .isEqualTo(m.unmirror(onMirror));
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(2_000);
  }
}
