package io.rayon.bench.hadoop;

import io.rayon.model.plan.AtomAllocation;
import io.rayon.model.plan.ReservationAllocation;
import io.rayon.model.plan.Step;
import io.rayon.model.rdl.Rdl;
import io.rayon.model.reservation.ReservationRequest;
import io.rayon.model.resources.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.apache.hadoop.yarn.api.records.ReservationRequests;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationInterval;

/**
 * Translates our RDL requests into Hadoop's {@link ReservationDefinition} and Hadoop's accepted
 * allocations back into our {@link ReservationAllocation}, so both sides get identical input and
 * are measured with the same metrics.
 *
 * <p>The mapping (time in Hadoop is milliseconds; one plan step is {@code stepMs}):
 *
 * <ul>
 *   <li>{@code window(e, s, f)} at the root → arrival = s * stepMs, deadline = f * stepMs (Hadoop's
 *       deadline is exclusive like our finish); a request with no window gets [0, horizon).
 *   <li>{@code order(a_1..a_k)} → {@code R_ORDER}; {@code all} → {@code R_ALL}; {@code any} →
 *       {@code R_ANY}; a lone atom → {@code R_ALL} with one stage.
 *   <li>{@code atom(b, g, h, l, w)} → {@code ReservationRequest(capability = b, numContainers = w /
 *       l, concurrency = g, duration = l * stepMs)}. Hadoop has no separate maximum parallelism: a
 *       stage may run all its containers at once, so the atom must have h = w / l (and l must
 *       divide w). Hadoop holds each container for exactly l steps, we for at least l; on these
 *       workloads that only widens our choices, never Hadoop's.
 * </ul>
 *
 * Nested operators (an order of alls, a window inside an order) have no Hadoop equivalent and are
 * refused with the path of the offending sub-expression.
 */
public final class HadoopTranslation {
  private HadoopTranslation() {}

  public static ReservationDefinition toHadoop(
      ReservationRequest request, long stepMs, long horizonSteps) {
    Rdl e = request.rdl();
    long start = 0;
    long finish = horizonSteps;
    String path = "";
    if (e instanceof Rdl.Window w) {
      start = Math.max(0, w.start());
      finish = Math.min(horizonSteps, w.finish());
      e = w.expr();
      path = "0";
    }
    ReservationRequestInterpreter interpreter;
    List<Rdl> stages;
    if (e instanceof Rdl.Atom) {
      interpreter = ReservationRequestInterpreter.R_ALL;
      stages = List.of(e);
    } else if (e instanceof Rdl.Order o) {
      interpreter = ReservationRequestInterpreter.R_ORDER;
      stages = o.children();
    } else if (e instanceof Rdl.All a) {
      interpreter = ReservationRequestInterpreter.R_ALL;
      stages = a.children();
    } else if (e instanceof Rdl.Any a) {
      interpreter = ReservationRequestInterpreter.R_ANY;
      stages = a.children();
    } else {
      throw unsupported(request, path, "a window directly inside a window");
    }
    List<org.apache.hadoop.yarn.api.records.ReservationRequest> hs = new ArrayList<>(stages.size());
    for (int i = 0; i < stages.size(); i++) {
      Rdl s = stages.get(i);
      String p = e instanceof Rdl.Atom ? path : Rdl.childPath(path, i);
      if (!(s instanceof Rdl.Atom a)) {
        throw unsupported(
            request,
            p,
            "a nested "
                + s.getClass().getSimpleName().toLowerCase()
                + " (Hadoop stages are atoms)");
      }
      hs.add(toHadoop(request, p, a, stepMs));
    }
    ReservationRequests reqs = ReservationRequests.newInstance(hs, interpreter);
    return ReservationDefinition.newInstance(start * stepMs, finish * stepMs, reqs, request.name());
  }

  static org.apache.hadoop.yarn.api.records.ReservationRequest toHadoop(
      ReservationRequest request, String path, Rdl.Atom a, long stepMs) {
    if (a.minLease() <= 0 || a.work() % a.minLease() != 0) {
      throw unsupported(
          request, path, "min lease " + a.minLease() + " does not divide work " + a.work());
    }
    long containers = a.work() / a.minLease();
    if (containers != a.maxParallelism()) {
      throw unsupported(
          request,
          path,
          "max parallelism "
              + a.maxParallelism()
              + " differs from work/lease = "
              + containers
              + " (Hadoop stages have no separate parallelism bound)");
    }
    if (containers > Integer.MAX_VALUE)
      throw unsupported(request, path, "too many containers: " + containers);
    return org.apache.hadoop.yarn.api.records.ReservationRequest.newInstance(
        toHadoop(a.bundle()), (int) containers, a.gang(), a.minLease() * stepMs);
  }

  public static Resource toHadoop(Resources r) {
    if (!r.extras().isEmpty()) {
      throw new IllegalArgumentException(
          "bundle " + r + " has extra resources; the benchmark maps memory and vcores only");
    }
    return Resource.newInstance(r.memoryMB(), Math.toIntExact(r.vcores()));
  }

  /**
   * Hadoop's allocation of one reservation (intervals in ms with the resources held) as our
   * allocation: one {@link AtomAllocation} at the root path "" counting bundles of {@code bundle}.
   * Hadoop keeps only the reservation's total skyline, not one per stage, which is all the plan
   * metrics need. Zero intervals (Hadoop pads the window with them) are dropped.
   */
  public static ReservationAllocation fromHadoop(
      String reservationId,
      Map<ReservationInterval, Resource> alloc,
      Resources bundle,
      long stepMs) {
    List<Step> steps = new ArrayList<>(alloc.size());
    for (Map.Entry<ReservationInterval, Resource> en : alloc.entrySet()) {
      Resource r = en.getValue();
      if (r.getMemorySize() == 0 && r.getVirtualCores() == 0) continue;
      long s = en.getKey().getStartTime();
      long f = en.getKey().getEndTime();
      if (s % stepMs != 0 || f % stepMs != 0) {
        throw new IllegalStateException(
            "Hadoop interval ["
                + s
                + ","
                + f
                + ") ms of "
                + reservationId
                + " is not aligned to the "
                + stepMs
                + " ms step");
      }
      long byMem = bundle.memoryMB() == 0 ? Long.MAX_VALUE : r.getMemorySize() / bundle.memoryMB();
      long byCores = bundle.vcores() == 0 ? Long.MAX_VALUE : r.getVirtualCores() / bundle.vcores();
      long n = Math.min(byMem, byCores);
      if (n == Long.MAX_VALUE
          || bundle.times(n).memoryMB() != r.getMemorySize()
          || bundle.times(n).vcores() != r.getVirtualCores()) {
        throw new IllegalStateException(
            "Hadoop holds <"
                + r.getMemorySize()
                + ","
                + r.getVirtualCores()
                + "> for "
                + reservationId
                + ", not a whole number of "
                + bundle
                + " bundles");
      }
      steps.add(new Step(s / stepMs, f / stepMs, n));
    }
    return new ReservationAllocation(reservationId, List.of(new AtomAllocation("", bundle, steps)));
  }

  private static IllegalArgumentException unsupported(
      ReservationRequest r, String path, String what) {
    return new IllegalArgumentException(
        "request "
            + r.id()
            + " at "
            + (path.isEmpty() ? "the root" : "path " + path)
            + ": "
            + what
            + " cannot be expressed as a Hadoop ReservationDefinition");
  }
}
