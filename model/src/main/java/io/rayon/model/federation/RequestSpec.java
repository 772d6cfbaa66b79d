package io.rayon.model.federation;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Containers a job asks for, with a locality preference: {@code node} (at = {@code sub/rack/i}),
 * {@code rack} (at = {@code sub/rack}) or {@code any} (at absent: anywhere in the federation). Node
 * and rack requests relax to the rack and then anywhere in the owning sub-cluster when their place
 * is full, as YARN's {@code relaxLocality} does.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestSpec(String locality, String at, int containers) {
  public static final String NODE = "node";
  public static final String RACK = "rack";
  public static final String ANY = "any";
}
