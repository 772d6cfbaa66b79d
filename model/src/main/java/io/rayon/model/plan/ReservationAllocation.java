package io.rayon.model.plan;

import io.rayon.model.resources.Resources;
import java.util.List;
import java.util.TreeMap;

/** Everything one accepted reservation holds: an allocation per atom of its RDL expression. */
public record ReservationAllocation(String reservationId, List<AtomAllocation> atoms) {
  public ReservationAllocation {
    atoms = atoms == null ? List.of() : List.copyOf(atoms);
  }

  // work, start and end are read on every commit and by every repair's scan: indexed loops over
  // the immutable list (the constructor's copy), so no iterator object is made per call

  public long work() {
    long w = 0;
    for (int i = 0; i < atoms.size(); i++) w += atoms.get(i).work();
    return w;
  }

  public long start() {
    long s = Long.MAX_VALUE;
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation a = atoms.get(i);
      if (!a.isEmpty()) s = Math.min(s, a.start());
    }
    return s == Long.MAX_VALUE ? -1 : s;
  }

  public long end() {
    long e = -1;
    for (int i = 0; i < atoms.size(); i++) {
      AtomAllocation a = atoms.get(i);
      if (!a.isEmpty()) e = Math.max(e, a.end());
    }
    return e;
  }

  /**
   * The reservation's resources over time as a canonical step function: map from the start of each
   * change to the resources held from there on (the last entry is always zero).
   */
  public TreeMap<Long, Resources> skyline() {
    TreeMap<Long, Resources> delta = new TreeMap<>();
    for (AtomAllocation a : atoms) {
      for (Step s : a.steps()) {
        Resources r = a.bundle().times(s.bundles());
        delta.merge(s.start(), r, Resources::plus);
        delta.merge(s.end(), Resources.ZERO.minus(r), Resources::plus);
      }
    }
    TreeMap<Long, Resources> out = new TreeMap<>();
    Resources cur = Resources.ZERO;
    Resources last = null;
    for (var e : delta.entrySet()) {
      cur = cur.plus(e.getValue());
      if (!cur.equals(last)) {
        out.put(e.getKey(), cur);
        last = cur;
      }
    }
    return out;
  }
}
