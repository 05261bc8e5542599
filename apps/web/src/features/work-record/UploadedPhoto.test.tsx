import type { Photo } from '@fieldplan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useVisitRecordQuery } from '../../entities/record/endpoints';
import type { VisitRecord, VisitRef } from '../../entities/record/types';
import { type FakeRequest, fakeFetch, json, noContent, problem } from '../../test/fake-api';
import { workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { VisitRecordView } from './VisitRecordView';

const visit: VisitRef = { workspaceId, jobId: 'job-1', occurrence: null };
const recordPath = `/workspaces/${workspaceId}/jobs/job-1/record`;
const photoPath = `/workspaces/${workspaceId}/photos/photo-1`;

function photo(extra: Partial<Photo> = {}): Photo {
  return {
    id: 'photo-1',
    jobId: 'job-1',
    occurrence: null,
    caption: 'Boiler before',
    contentType: 'image/jpeg',
    width: 1600,
    height: 1200,
    bytes: 200_000,
    createdAt: '2026-11-20T09:00:00.000Z',
    uploadedBy: 'member-technician',
    uploadedByName: 'Tomasz',
    lat: null,
    lng: null,
    url: '/api/v1/photo-1/file',
    thumbUrl: '/api/v1/photo-1/thumb',
    version: 3,
    ...extra,
  };
}

const record = (photos: Photo[]): VisitRecord => ({
  jobId: 'job-1',
  occurrence: null,
  notes: [],
  photos,
  checklists: [],
  signature: null,
});

/** The job panel's use: the cached record, its photos editable when `editable`. */
function Panel({ editable }: { editable: boolean }) {
  const { data } = useVisitRecordQuery(visit);
  if (!data) return null;
  return <VisitRecordView record={data} editPhotosOf={editable ? visit : undefined} />;
}

const photos = () => screen.findByRole('region', { name: 'Photos' });

describe('an uploaded photo in the work record', () => {
  it('changes its caption with the version it was read at, and shows the saved one', async () => {
    const fetch = fakeFetch({
      [`GET ${recordPath}`]: record([photo()]),
      [`PATCH ${photoPath}`]: (r: FakeRequest) => json(photo({ caption: (r.body as Photo).caption, version: 4 })),
    });
    const { user } = renderWithStore(<Panel editable />, fetch);

    await user.click(within(await photos()).getByRole('button', { name: 'Edit caption' }));
    const field = screen.getByRole('textbox', { name: /Caption/ });
    await user.clear(field);
    await user.type(field, '  Boiler after <b>  ');
    await user.click(screen.getByRole('button', { name: 'Save caption' }));

    expect(await within(await photos()).findByText('Boiler after <b>')).toBeInTheDocument();
    const patch = fetch.calls.find((c) => c.method === 'PATCH');
    expect(patch?.headers['if-match']).toBe('"3"');
    expect(patch?.body).toEqual({ caption: 'Boiler after <b>' });
    expect(screen.queryByRole('textbox', { name: /Caption/ })).not.toBeInTheDocument();
  });

  it('deletes it after asking, with the version it was read at', async () => {
    const fetch = fakeFetch({
      [`GET ${recordPath}`]: record([photo()]),
      [`DELETE ${photoPath}`]: () => noContent(),
    });
    const { user } = renderWithStore(<Panel editable />, fetch);

    await user.click(within(await photos()).getByRole('button', { name: 'Delete Boiler before' }));
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));

    await waitFor(() => expect(screen.queryByRole('img', { name: 'Boiler before' })).not.toBeInTheDocument());
    expect(fetch.calls.find((c) => c.method === 'DELETE')?.headers['if-match']).toBe('"3"');
  });

  it('on a stale edit (412) says so and shows the latest caption read again', async () => {
    let reads = 0;
    const fetch = fakeFetch({
      [`GET ${recordPath}`]: () => {
        reads += 1;
        return json(record([reads === 1 ? photo() : photo({ caption: 'Changed by the office', version: 4 })]));
      },
      [`PATCH ${photoPath}`]: () => problem('version_conflict', 'The photo changed'),
    });
    const { user } = renderWithStore(<Panel editable />, fetch);

    await user.click(within(await photos()).getByRole('button', { name: 'Edit caption' }));
    await user.type(screen.getByRole('textbox', { name: /Caption/ }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save caption' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/Someone else changed this photo meanwhile/);
    expect(await screen.findByText('Changed by the office')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('offers no edit or delete where the record is read only (the report, a viewer), and shows where it was taken', async () => {
    const fetch = fakeFetch({ [`GET ${recordPath}`]: record([photo({ lat: 52.520008, lng: -13.404954 })]) });
    renderWithStore(<Panel editable={false} />, fetch);
    const list = await photos();
    expect(within(list).getByRole('img', { name: 'Boiler before' })).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(within(list).getByText('Taken at 52.52001, -13.40495')).toBeInTheDocument();
  });
});
