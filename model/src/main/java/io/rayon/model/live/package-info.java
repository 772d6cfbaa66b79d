/**
 * What a live YARN ResourceManager reports, as immutable model records: one {@link
 * io.rayon.model.live.ClusterSnapshot} per poll with the cluster metrics, the node reports, the
 * queue tree, the applications and the reservations of YARN's plan. Times are epoch milliseconds as
 * YARN sends them; {@link io.rayon.model.live.YarnReservation#allocation} maps a reservation onto
 * plan steps so the same plan views that draw local plans can draw YARN's.
 */
package io.rayon.model.live;
