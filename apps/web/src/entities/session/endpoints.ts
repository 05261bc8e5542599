import type { Me, MePatch, PublicConfig, SignIn, SignUp, SignUpAnswer } from '@fieldplan/shared';
import { api } from '../../base/api';

/** Replaces everything cached for the previous session with the new user's `me`. */
async function startSession(
  queryFulfilled: Promise<{ data: Me }>,
  dispatch: (action: unknown) => unknown,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(api.util.resetApiState());
    dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
  } catch {
    // The form shows the problem; nothing to cache.
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => '/me',
      providesTags: ['Me'],
    }),
    /** Your own settings (your language); the answer is the new `me`, cached in place of the old. */
    updateMe: build.mutation<Me, MePatch>({
      query: (body) => ({ url: '/me', method: 'PATCH', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
        } catch {
          // The failure listener tells of it; the cached `me` stays as it was.
        }
      },
    }),
    getConfig: build.query<PublicConfig, void>({
      query: () => '/config',
      keepUnusedDataFor: 3600,
    }),
    signIn: build.mutation<Me, SignIn>({
      query: (body) => ({ url: '/auth/sign-in', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => startSession(queryFulfilled, dispatch),
    }),
    /** Starts no session and answers alike for new and taken emails: sign in next. */
    signUp: build.mutation<SignUpAnswer, SignUp>({
      query: (body) => ({ url: '/auth/sign-up', method: 'POST', body }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: '/auth/sign-out', method: 'POST' }),
    }),
  }),
});

export { startSession };
export const {
  useGetMeQuery,
  useUpdateMeMutation,
  useGetConfigQuery,
  useSignInMutation,
  useSignUpMutation,
  useSignOutMutation,
} = authApi;
