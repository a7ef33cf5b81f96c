package io.entitytable.api.search;

import io.entitytable.api.paging.Page;
import io.entitytable.api.web.PageParams;
import io.entitytable.api.web.Responses;
import io.entitytable.search.client.TextQuery;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /businesses/{id}/search}: the business's customers, stores and orders that match some text. */
@Singleton
@Path("businesses/{id}/search")
@Tag(name = "Search")
public class BusinessSearchResource {
    @Inject
    SearchService search;

    @GET
    public Page<SearchHitResponse> search(
            @PathParam("id") String businessId,
            @Parameter(
                            description = "The text to search for: plain words, never a query language; 1 to "
                                    + TextQuery.MAX_LENGTH + " characters and at most " + TextQuery.MAX_WORDS
                                    + " words (letters and digits between spaces or punctuation;"
                                    + " each Chinese or Japanese character and each emoji counts as a word)."
                                    + " A word prefix matches, and a typo in a longer word is forgiven.")
                    @QueryParam("q")
                    String q,
            @Parameter(
                            description = "Only these entities, each one a search hit's type may be; repeat it or"
                                    + " separate with commas.")
                    @QueryParam("type")
                    List<String> type,
            @BeanParam PageParams page) {
        return Responses.page(search.search(businessId, q, type, page.limit(), page.next()), SearchHitResponse::from);
    }
}
