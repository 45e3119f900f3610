// The page's link worker: unpacks a link's packed script and tour, reads tour files and kept
// tours, and packs tours for links, so none of it runs on the page's main thread however large
// (a crafted link inflates to its limit here, where nothing waits for it).

import { readPackedValues, readTourText } from '../core/scenario/linkPrepass';
import { tourLinkValue } from '../core/scenario/linkTours';
import type { LinkReply, LinkRequest } from './linkProtocol';
import { workerScope } from './workerScope';

const scope = workerScope<LinkRequest, LinkReply>();

scope.listen(
  (request) => {
    switch (request.kind) {
      case 'link':
        scope.post({ id: request.id, kind: 'link', reading: readPackedValues(request.link) });
        break;
      case 'tour-text':
        scope.post({
          id: request.id,
          kind: 'tour-text',
          reading: readTourText(request.text, request.everyLink),
        });
        break;
      case 'tour-value':
        // Packed here; a kept tour is stored by the page, which holds the tour (tourStore.ts).
        scope.post({
          id: request.id,
          kind: 'tour-value',
          value: tourLinkValue(request.tour, () => {}),
        });
        break;
    }
  },
  (request, message) => ({ id: request.id, kind: 'error', message }),
);
